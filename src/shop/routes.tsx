import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import Layout from './Layout';
import Home from './pages/Home';

// The home page comes with the first load; every other screen is fetched when it is first opened.
const Products = lazy(() => import('./pages/Products'));
const ProductPage = lazy(() => import('./pages/ProductPage'));
const Cart = lazy(() => import('./pages/Cart'));
const Checkout = lazy(() => import('./pages/Checkout'));
const CheckoutComplete = lazy(() => import('./pages/CheckoutComplete'));
const Account = lazy(() => import('./pages/Account'));
const Transaction = lazy(() => import('./pages/Transaction'));
const NotFound = lazy(() => import('./pages/NotFound'));

/** Declarative routes: the data router would add about 16 KB (gzip) to the first page for nothing the shop uses. */
export function ShopRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<Home />} />
        <Route path="products" element={<Products />} />
        <Route path="products/:id" element={<ProductPage />} />
        <Route path="cart" element={<Cart />} />
        <Route path="checkout" element={<Checkout />} />
        <Route path="checkout/complete" element={<CheckoutComplete />} />
        <Route path="account" element={<Account />} />
        <Route path="tx/:hash" element={<Transaction />} />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}

/** The 20 demo products of db.json: four of each rwaType, in every status. Prices in cents. */

type RwaType = 'commodity' | 'real_estate' | 'art' | 'collectibles' | 'bonds';
type DemoProduct = {
  title: string; sku: string; rwaType: RwaType; status: 'active' | 'inactive' | 'draft';
  priceCents: number; stock: number; category: string; description: string; tokenised: boolean;
  redeemPolicy?: Record<string, unknown>;
};

const redeemable = { redeemable: true, minQty: 1, feePercent: 1.5, deliveryDays: 10 };
const income = { redeemable: false, payout: 'quarterly' };

export const DEMO_PRODUCTS: DemoProduct[] = [
  { title: 'Gold Bar 1 oz (LBMA)', sku: 'COM-GOLD-1OZ', rwaType: 'commodity', status: 'active', priceCents: 241250, stock: 180, category: 'Precious metals', description: 'One troy ounce of 999.9 fine gold held in an insured vault, redeemable for the physical bar.', tokenised: true, redeemPolicy: redeemable },
  { title: 'Silver Bullion 100 oz', sku: 'COM-SILV-100', rwaType: 'commodity', status: 'active', priceCents: 318990, stock: 60, category: 'Precious metals', description: 'A 100 oz silver bar, vaulted and insured.', tokenised: true, redeemPolicy: redeemable },
  { title: 'Platinum Coin 1 oz', sku: 'COM-PLAT-1OZ', rwaType: 'commodity', status: 'inactive', priceCents: 104500, stock: 0, category: 'Precious metals', description: 'Investment-grade platinum coin; sold out for this season.', tokenised: false },
  { title: 'Arabica Coffee Warehouse Receipt (1 t)', sku: 'COM-COFF-1T', rwaType: 'commodity', status: 'draft', priceCents: 612000, stock: 20, category: 'Soft commodities', description: 'Warehouse receipt for one metric tonne of washed arabica.', tokenised: false },

  { title: 'Lisbon Apartment — 1% Share', sku: 'RE-LIS-APT-1', rwaType: 'real_estate', status: 'active', priceCents: 425000, stock: 100, category: 'Residential', description: 'A one-percent share of a rented two-bedroom apartment in Alfama, with monthly rental income.', tokenised: true, redeemPolicy: income },
  { title: 'Berlin Office Floor — Fraction', sku: 'RE-BER-OFF-F', rwaType: 'real_estate', status: 'active', priceCents: 1250000, stock: 40, category: 'Commercial', description: 'Fractional ownership of a let office floor in Berlin-Mitte.', tokenised: true, redeemPolicy: income },
  { title: 'Austin Duplex — 5% Share', sku: 'RE-AUS-DUP-5', rwaType: 'real_estate', status: 'active', priceCents: 2150050, stock: 20, category: 'Residential', description: 'A five-percent share of a duplex in Austin, Texas.', tokenised: true, redeemPolicy: income },
  { title: 'Alpine Chalet Share (draft)', sku: 'RE-ALP-CHA', rwaType: 'real_estate', status: 'draft', priceCents: 990000, stock: 10, category: 'Holiday', description: 'A holiday chalet share, pending legal review.', tokenised: true },

  { title: 'Abstract Composition No. 7 — 1/100', sku: 'ART-ABS-07', rwaType: 'art', status: 'active', priceCents: 185000, stock: 100, category: 'Painting', description: 'One hundredth of a large contemporary abstract canvas on loan to a gallery.', tokenised: true },
  { title: 'Bronze Sculpture "Tide" — 1/50', sku: 'ART-SCU-TIDE', rwaType: 'art', status: 'active', priceCents: 99999, stock: 50, category: 'Sculpture', description: 'One fiftieth of a cast-bronze sculpture, edition 3 of 8.', tokenised: true },
  { title: 'Street Art Mural Print Edition', sku: 'ART-MUR-ED', rwaType: 'art', status: 'inactive', priceCents: 35050, stock: 0, category: 'Print', description: 'Signed print edition; the edition is closed.', tokenised: true },
  { title: 'Early Modernist Drawing — 1/20', sku: 'ART-MOD-DRW', rwaType: 'art', status: 'active', priceCents: 560000, stock: 20, category: 'Drawing', description: 'One twentieth of an authenticated early modernist drawing.', tokenised: true },

  { title: 'Vintage Chronograph Watch — 1/10', sku: 'COL-WATCH-CHR', rwaType: 'collectibles', status: 'active', priceCents: 312500, stock: 10, category: 'Watches', description: 'A tenth of a 1960s steel chronograph with box and papers.', tokenised: true },
  { title: 'Graded Trading Card (PSA 10)', sku: 'COL-CARD-PSA10', rwaType: 'collectibles', status: 'active', priceCents: 74900, stock: 25, category: 'Cards', description: 'A share in a gem-mint graded first-edition trading card.', tokenised: true },
  { title: 'Classic Roadster 1967 — 1/100', sku: 'COL-CAR-1967', rwaType: 'collectibles', status: 'active', priceCents: 89500, stock: 100, category: 'Cars', description: 'One hundredth of a restored 1967 roadster kept in a climate-controlled garage.', tokenised: true },
  { title: 'Rare Whisky Cask — Share', sku: 'COL-WHISKY-CASK', rwaType: 'collectibles', status: 'draft', priceCents: 150000, stock: 30, category: 'Spirits', description: 'A share of a maturing single-malt cask.', tokenised: true },

  { title: 'US Treasury 2-Year Note (tokenised)', sku: 'BND-UST-2Y', rwaType: 'bonds', status: 'active', priceCents: 100000, stock: 1000, category: 'Government', description: 'A tokenised claim on a 2-year US Treasury note, coupons paid semi-annually.', tokenised: true, redeemPolicy: { redeemable: true, atMaturity: true } },
  { title: 'Green Municipal Bond 2031', sku: 'BND-GREEN-2031', rwaType: 'bonds', status: 'active', priceCents: 50000, stock: 500, category: 'Municipal', description: 'Municipal green bond funding solar projects, 4.1% coupon.', tokenised: true, redeemPolicy: income },
  { title: 'Corporate Bond AA 2029', sku: 'BND-CORP-AA29', rwaType: 'bonds', status: 'active', priceCents: 100012, stock: 300, category: 'Corporate', description: 'AA-rated corporate bond, 3.75% coupon, matures 2029.', tokenised: true, redeemPolicy: income },
  { title: 'Euro Sovereign Bond 10Y', sku: 'BND-EUR-10Y', rwaType: 'bonds', status: 'inactive', priceCents: 98750, stock: 0, category: 'Government', description: 'Ten-year euro sovereign bond; subscription closed.', tokenised: true },
];

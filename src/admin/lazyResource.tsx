import { Fragment, lazy, type ComponentType } from 'react';
import { CustomRoutes, Resource, type ResourceProps } from 'react-admin';
import { Route } from 'react-router-dom';
import type { ResourceName } from '../common/resources';
import { Guarded } from './pages/access/Guarded';

type Screen = () => Promise<{ default: ComponentType }>;
const VIEWS = ['list', 'show', 'edit', 'create'] as const;
type View = (typeof VIEWS)[number];

/** What each src/admin/resources/<name>/index.ts describes: the resource's name, icon and record title, and where its screens are. */
export interface ResourceConfig<R> extends Partial<Record<View, Screen>> {
  /** react-admin's resource name: the list's route, its row in RESOURCES (src/common/resources.ts) and its catalogue key (resources.<name>.*). */
  name: ResourceName;
  icon: ComponentType;
  /** How a record is named in titles and references. */
  recordRepresentation?: (record: R) => string;
  /**
   * The list checks access in place before its screen is fetched: a role without it sees NotAllowed at the list's
   * own URL (react-admin's list would send it to /access-denied).
   */
  guardList?: boolean;
  /** The resource's other pages inside the layout, by route path; each is shown to the roles that may list the resource. */
  pages?: Record<string, Screen>;
}

/** A resource as App.tsx renders it (see `resource`): react-admin's props with lazy screens, and its extra pages. */
export type LazyResource = Pick<ResourceProps, 'name' | 'icon' | 'recordRepresentation' | View> & {
  pages: readonly (readonly [path: string, page: ComponentType])[];
};

const loaders: Screen[] = [];

/** A screen as a React.lazy component, so the login page does not download it; `preloadScreens` fetches it early. */
function lazyScreen(load: Screen): ComponentType {
  loaders.push(load);
  return lazy(load);
}

/** Fetches every resource screen in the background; the layout calls it once past the login page. */
export const preloadScreens = () => Promise.all(loaders.map((load) => load()));

const guarded = (resource: string, Screen: ComponentType) =>
  function GuardedScreen() {
    return (
      <Guarded resource={resource}>
        <Screen />
      </Guarded>
    );
  };

/** The default export of each resource's index.ts: light to import, its screens loaded on first use. */
export function lazyResource<R>({
  name,
  icon,
  recordRepresentation,
  guardList,
  pages = {},
  ...screens
}: ResourceConfig<R>): LazyResource {
  const views: Partial<Record<View, ComponentType>> = {};
  for (const view of VIEWS) {
    const load = screens[view];
    if (load) views[view] = lazyScreen(load);
  }
  if (guardList && views.list) views.list = guarded(name, views.list);
  return {
    name,
    icon,
    recordRepresentation: recordRepresentation as LazyResource['recordRepresentation'],
    ...views,
    pages: Object.entries(pages).map(([path, load]) => [path, guarded(name, lazyScreen(load))] as const),
  };
}

/** App.tsx's one line per resource: its <Resource> and, beside it, the routes of its other pages. */
export function resource({ pages, ...props }: LazyResource) {
  return (
    <Fragment key={props.name}>
      <Resource {...props} />
      {pages.length > 0 && (
        <CustomRoutes>
          {pages.map(([path, Page]) => (
            <Route key={path} path={path} element={<Page />} />
          ))}
        </CustomRoutes>
      )}
    </Fragment>
  );
}

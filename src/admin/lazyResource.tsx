import { lazy, type ComponentType } from 'react';
import type { RaRecord } from 'react-admin';

type View = 'list' | 'show' | 'edit' | 'create';

/** What each src/admin/resources/<name>/index.ts exports by default. */
export interface ResourceModule {
  list: ComponentType;
  show?: ComponentType;
  edit?: ComponentType;
  create?: ComponentType;
  icon?: ComponentType;
  /** `never`: each resource types its own record */
  recordRepresentation?: string | ((record: never) => string);
}

/**
 * Resource screens as React.lazy components, so the login page does not download them.
 * `views` must name the screens the module exports: react-admin builds routes and buttons from which exist.
 * The module is fetched once the layout mounts (`preload`), so record titles are ready when screens render.
 */
export function lazyResource(load: () => Promise<{ default: ResourceModule }>, views: readonly View[]) {
  let loaded: ResourceModule | undefined;
  let pending: Promise<ResourceModule> | undefined;
  const preload = () =>
    (pending ??= load().then((m) => {
      loaded = m.default;
      return m.default;
    }));
  const screens: Partial<Record<View, ComponentType>> = {};
  for (const view of views) {
    screens[view] = lazy(async () => {
      const component = (await preload())[view];
      if (!component) throw new Error(`The resource module exports no "${view}" screen`);
      return { default: component };
    });
  }
  const recordRepresentation = (record: RaRecord): string => {
    const rep = loaded?.recordRepresentation;
    if (typeof rep === 'function') return (rep as (r: RaRecord) => string)(record);
    if (typeof rep === 'string') return String(record[rep] ?? record.id);
    return String(record.id);
  };
  return { ...screens, recordRepresentation, preload };
}

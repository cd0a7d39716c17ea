import type en from './en';

/** The Chinese catalogue: the same keys as en.ts. */
const zh: typeof en = {
  ra: {} as typeof en.ra, // filled by the shell work
  resources: {
    // <resources>
  },
  app: {
    // <app>
  },
};

export default zh;

import englishMessages from 'ra-language-english';

/**
 * The English catalogue. react-admin's own `ra.*` messages come from ra-language-english;
 * `resources.<name>.*` label each resource's fields, `app.*` everything else.
 * Edit by inserting into the right section; zh.ts mirrors every key.
 */
const en = {
  ...englishMessages,
  resources: {
    // <resources>
  },
  app: {
    // <app>
  },
};

export default en;

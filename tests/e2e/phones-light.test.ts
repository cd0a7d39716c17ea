import { phonesAndWideScreens } from './phones.js';

phonesAndWideScreens('light');

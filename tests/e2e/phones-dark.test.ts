import { phonesAndWideScreens } from './phones.js';

phonesAndWideScreens('dark');

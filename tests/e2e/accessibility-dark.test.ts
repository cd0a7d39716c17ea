import { wcagInTheme } from './accessibility.js';

wcagInTheme('dark');

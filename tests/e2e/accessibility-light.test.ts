import { wcagInTheme } from './accessibility.js';

wcagInTheme('light');

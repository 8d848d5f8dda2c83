import { warmUpLocaleData } from './lib/locale-data-warm-up';

// A module of its own, imported first by main.tsx: its code runs before any other module's (React,
// the router, the pages), so the worker starts as early as the app's code can start it.
warmUpLocaleData();

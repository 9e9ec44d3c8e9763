import { firstLoadOfThisPage } from './app/first-load';

// The page's first script, before the console's own code has come: the route's code and data are asked for now.
firstLoadOfThisPage();

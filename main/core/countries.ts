/**
 * ISO 3166 country codes and their English names, the only locale the station names them
 * in: the package's own entry loads all ~80 locales (83 files) at start.
 */
import countries from 'i18n-iso-countries/index.js';
import en from 'i18n-iso-countries/langs/en.json';

countries.registerLocale(en);

export default countries;

export { SEARCH_DEBOUNCE_MS, SearchBox, type SearchBoxProps } from './search-box';

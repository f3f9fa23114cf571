export { PagedResults, type PagedQuery, type PagedResultsProps } from './paged-results';

export { ReviewRequestsPage } from './ui/review-requests-page';

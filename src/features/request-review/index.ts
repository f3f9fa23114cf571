export { REQUEST_REVIEW_LABEL, RequestReviewButton } from './ui/request-review-button';

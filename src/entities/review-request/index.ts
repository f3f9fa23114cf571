export {
  invalidateReviewRequests,
  type ReviewRequestRow,
  type ReviewSettingsView,
  type ReviewStatsView,
  setCachedReviewSettings,
  useReviewRequests,
  useReviewSettings,
  useReviewStats,
} from './api/review-requests';

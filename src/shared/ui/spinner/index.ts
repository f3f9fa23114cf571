export { ScreenSpinner, Spinner, SPINNER_UNIT_PX, SPINNER_UNITS, spinnerPixels, type SpinnerSize } from './spinner';

// Reading barcodes where a product is chosen: the keyboard-wedge field, «Escanear» (the camera,
// loaded when pressed) and how a code finds its product.
export { ScanCodeField, withScanned } from './scan-code';
export type { ScanCodeFieldProps, ScannableRow } from './scan-code';
export { CameraButton } from './camera-button';
export { CODE_PARAM, findByCode, SCAN_TEXTS } from './texts';

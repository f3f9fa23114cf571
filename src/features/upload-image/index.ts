export { ImageUpload, type ImageUploadProps } from './ui/image-upload';

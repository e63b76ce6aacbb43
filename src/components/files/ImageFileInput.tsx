/**
 * One image, as a form control whose value is its file id (field type 'image'): the upload control
 * limited to image types and to one file. Import it lazily, like FileUpload.
 */
import { IMAGE_UPLOAD_TYPES } from '../../lib/files';
import { FileUpload } from './FileUpload';

export interface ImageFileInputProps {
  value?: string | null;
  onChange?: (fileId: string | null) => void;
  disabled?: boolean;
}

function ImageFileInput({ value, onChange, disabled }: ImageFileInputProps) {
  return (
    <FileUpload accept={IMAGE_UPLOAD_TYPES} maxCount={1} value={value ? [value] : []} onChange={(ids) => onChange?.(ids[0] ?? null)} disabled={disabled} />
  );
}

export default ImageFileInput;

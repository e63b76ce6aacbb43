/**
 * A form control that uploads files to the file service and holds their ids (a file reference,
 * spec §3): `value` / `onChange` as antd's Form.Item expects, so `<Form.Item name="licenceFileIds">
 * <FileUpload accept={['image/png']} maxCount={1} /></Form.Item>` is all a form needs. Files already
 * referenced show their thumbnail or preview link; a refused file (type, size) shows the server's
 * message and changes nothing. Import it lazily, from pages only: it pulls in antd's Upload.
 */
import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Upload } from 'antd';
import type { UploadFile, UploadProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { acceptAttribute, FILE_CALLS, type UploadedFile, type UploadMimeType } from '../../lib/files';
import { api } from '../../providers/http';
import { resolveFilePreviews } from './file-previews';
import { uploadRefusal } from './upload-limit';

export interface FileUploadProps {
  value?: string[];
  onChange?: (fileIds: string[]) => void;
  /** Mime types the chooser offers; all the server allows by default. */
  accept?: readonly UploadMimeType[];
  maxCount?: number;
  disabled?: boolean;
  /** Called with each file the server stored (its name and type), e.g. to insert an image. */
  onUploaded?: (file: UploadedFile) => void;
}

interface Known {
  name?: string;
  url?: string;
  thumbUrl?: string;
  /**
   * The file's MIME type. antd's picture list takes a link with no file extension for an image unless it
   * is told the type: a PDF showed a broken thumbnail with its name clipped as alt text (issue 37).
   */
  type?: string;
}

export function FileUpload({ value, onChange, accept, maxCount, disabled, onUploaded }: FileUploadProps) {
  const { t } = useTranslation('files');
  const { message } = App.useApp();
  const ids = useMemo(() => value ?? [], [value]);
  const [known, setKnown] = useState<Record<string, Known>>({});
  const [uploading, setUploading] = useState<UploadFile[]>([]);
  const idsKey = ids.join('\n');

  // Thumbnails and links of the referenced files, with fresh view grants.
  useEffect(() => {
    if (idsKey === '') return;
    const controller = new AbortController();
    resolveFilePreviews(idsKey.split('\n'), 'SMALL', { signal: controller.signal }).then(
      (items) =>
        setKnown((current) => {
          const next = { ...current };
          for (const item of items) next[item.id] = { ...next[item.id], url: item.openUrl, thumbUrl: item.isImage ? item.url : undefined, type: item.mimeType };
          return next;
        }),
      () => undefined,
    );
    return () => controller.abort();
  }, [idsKey]);

  const fileList: UploadFile[] = [
    ...ids.map((id, index): UploadFile => ({
      uid: id,
      name: known[id]?.name ?? t('preview.defaultName', { index: index + 1 }),
      status: 'done',
      url: known[id]?.url,
      thumbUrl: known[id]?.thumbUrl,
      type: known[id]?.type,
    })),
    ...uploading,
  ];

  const customRequest: UploadProps['customRequest'] = async ({ file }) => {
    const raw = file as File;
    const refusal = await uploadRefusal(raw, t);
    if (refusal) {
      message.error(refusal);
      return;
    }
    const pending: UploadFile = { uid: `uploading-${raw.name}-${Date.now()}`, name: raw.name, status: 'uploading' };
    setUploading((list) => [...list, pending]);
    const form = new FormData();
    form.append('file', raw, raw.name);
    api
      .upload<UploadedFile>(FILE_CALLS.upload, form)
      .then(
        (stored) => {
          setKnown((current) => ({ ...current, [stored.id]: { ...current[stored.id], name: stored.fileName, type: raw.type || undefined } }));
          onChange?.(maxCount === 1 ? [stored.id] : [...ids, stored.id]);
          onUploaded?.(stored);
          message.success(t('upload.done', { name: stored.fileName }));
        },
        (error: Error) => message.error(error.message),
      )
      .finally(() => setUploading((list) => list.filter((f) => f.uid !== pending.uid)));
  };

  return (
    <Upload
      accept={acceptAttribute(accept)}
      fileList={fileList}
      listType="picture"
      customRequest={customRequest}
      onRemove={(file) => {
        onChange?.(ids.filter((id) => id !== file.uid));
        return false;
      }}
      disabled={disabled}
      maxCount={maxCount}
      showUploadList={{ showRemoveIcon: !disabled }}
    >
      {!disabled ? <Button icon={<UploadOutlined />}>{t(maxCount === 1 && ids.length > 0 ? 'upload.replace' : 'upload.choose')}</Button> : null}
    </Upload>
  );
}

export default FileUpload;

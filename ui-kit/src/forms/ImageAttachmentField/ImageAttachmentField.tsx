import { useEffect, useId, useState } from 'react';
import { FileTrigger } from 'react-aria-components';
import { Button } from '../../primitives/Button/Button';
import { IconButton } from '../../primitives/IconButton/IconButton';

/** An image picked for upload, with the object URL its preview shows (null where the browser makes none). */
export type PickedImage = { file: File; url: string | null };

/**
 * The image a dialog's ImageAttachmentField picked, with its preview URL: the URL is let go (revoked) when another
 * image is picked, the pick is cleared, or the dialog unmounts. `pick(null)` clears it.
 */
export function usePickedImage(): [PickedImage | null, (file: File | null) => void] {
  const [picked, setPicked] = useState<PickedImage | null>(null);
  useEffect(() => {
    const url = picked?.url;
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [picked]);
  const pick = (file: File | null) => setPicked(file ? { file, url: typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null } : null);
  return [picked, pick];
}

/** The texts the field shows, already translated by the feature that uses it: the field has none of its own. */
export interface ImageAttachmentFieldTexts {
  /** The pick button with no image. */
  pick: string;
  /** The pick button with an image. */
  replace: string;
  /** The remove button's accessible name, for the image shown. */
  remove: (name: string) => string;
  /** The preview's alternative text, for the image shown. */
  preview: (name: string) => string;
  /** Said once a stored image is taken off (it goes on save). */
  removed: string;
}

export interface ImageAttachmentFieldProps {
  /** The field's label, and the group's accessible name. */
  label: string;
  /** The file types the picker offers (MIME types and extensions). */
  acceptedFileTypes: string[];
  /** The image shown: the one picked, else the stored one; null for none. */
  fileName: string | null;
  /** The image's preview (an object URL); left out, a plain 'IMG' thumbnail. */
  previewUrl?: string | null;
  /** The stored image was taken off: with no file shown, says it goes on save. */
  removed?: boolean;
  /** A file was picked (the first of the selection); the caller checks it. */
  onPick: (file: File) => void;
  /** The remove button was pressed. */
  onRemove: () => void;
  /** Under the picker, what it takes; the group is described by it. */
  hint: string;
  /** The file's problem (type, size, the API's), said as an alert. */
  error?: string | null;
  texts: ImageAttachmentFieldTexts;
  className?: string;
}

/**
 * An optional image for a form: its label, the image shown (a preview or a thumbnail, its name and a remove button),
 * a pick (or replace) button, a hint and the error. The file itself stays with the caller, which uploads it on save.
 */
export function ImageAttachmentField({
  label,
  acceptedFileTypes,
  fileName,
  previewUrl,
  removed = false,
  onPick,
  onRemove,
  hint,
  error,
  texts,
  className,
}: ImageAttachmentFieldProps) {
  const hintId = useId();
  return (
    <div className={['atd-ImageAttachmentField', className].filter(Boolean).join(' ')} role="group" aria-label={label} aria-describedby={hintId}>
      <span className="atd-ImageAttachmentField-label">{label}</span>
      {fileName ? (
        <div className="atd-ImageAttachmentField-file">
          {previewUrl ? (
            <img className="atd-ImageAttachmentField-preview" src={previewUrl} alt={texts.preview(fileName)} />
          ) : (
            <span className="atd-ImageAttachmentField-thumb" aria-hidden="true">
              IMG
            </span>
          )}
          <span className="atd-ImageAttachmentField-fileName" title={fileName}>
            {fileName}
          </span>
          <IconButton icon="delete" size="sm" variant="danger" aria-label={texts.remove(fileName)} onPress={onRemove} />
        </div>
      ) : (
        removed && <p className="atd-ImageAttachmentField-hint">{texts.removed}</p>
      )}
      <FileTrigger
        acceptedFileTypes={acceptedFileTypes}
        onSelect={(files) => {
          const chosen = files?.[0];
          if (chosen) onPick(chosen);
        }}
      >
        <Button variant="secondary" className="atd-ImageAttachmentField-pick">
          {fileName ? texts.replace : texts.pick}
        </Button>
      </FileTrigger>
      <p id={hintId} className="atd-ImageAttachmentField-hint">
        {hint}
      </p>
      {error && (
        <p className="atd-ImageAttachmentField-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

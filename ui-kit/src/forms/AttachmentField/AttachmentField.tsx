import { useEffect, useId, useState, type Ref } from 'react';
import { FileTrigger } from 'react-aria-components';
import { Button } from '../../primitives/Button/Button';
import { ComposerIcon } from '../../primitives/ComposerIcon/ComposerIcon';
import { IconButton } from '../../primitives/IconButton/IconButton';

/** A file picked for upload, with the object URL its preview shows (null when it is not an image, or the browser makes none). */
export type PickedFile = { file: File; url: string | null };

const isImageFile = (file: File) => file.type.startsWith('image/');

/**
 * The file a dialog's AttachmentField picked, with an image's preview URL: the URL is let go (revoked) when another
 * file is picked, the pick is cleared, or the dialog unmounts. `pick(null)` clears it.
 */
export function usePickedFile(): [PickedFile | null, (file: File | null) => void] {
  const [picked, setPicked] = useState<PickedFile | null>(null);
  useEffect(() => {
    const url = picked?.url;
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [picked]);
  const pick = (file: File | null) =>
    setPicked(file ? { file, url: isImageFile(file) && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null } : null);
  return [picked, pick];
}

/** The texts the field shows, already translated by the feature that uses it: the field has none of its own. */
export interface AttachmentFieldTexts {
  /** The pick button with no file. */
  pick: string;
  /** The pick button with a file. */
  replace: string;
  /** The remove button's accessible name, for the file shown (with onRemove: no name, no button). */
  remove?: (name: string) => string;
  /** The preview's alternative text; left out, the preview is decorative (the file's name is beside it). */
  preview?: (name: string) => string;
  /** Said once a stored file is taken off (it goes on save). */
  removed?: string;
  /** Said while there is no file (and none was taken off). */
  none?: string;
}

export interface AttachmentFieldProps {
  /** The field's label, and the group's accessible name. */
  label: string;
  /** The label is not shown (the row around the field says what it is); the group keeps it as its name. */
  hideLabel?: boolean;
  /** The file types the picker offers (MIME types and extensions); left out, any. */
  acceptedFileTypes?: string[];
  /** The file shown: the one picked, else the stored one (its name from the server); null for none. */
  fileName: string | null;
  /** The image's preview: a picked image's object URL (usePickedFile) or a stored image's URL. */
  previewUrl?: string | null;
  /** Said after the name (a size, say). */
  detail?: string;
  /** The stored file was taken off: with no file shown, says it goes on save. */
  removed?: boolean;
  /** A file was picked (the first of the selection); the caller checks it. */
  onPick: (file: File) => void;
  /** The remove button was pressed; left out, no remove button (the file is replaced, not removed). */
  onRemove?: () => void;
  /** Under the picker, what it takes; the group is described by it. */
  hint?: string;
  /** The file's problem (type, size, the API's), said as an alert; the group is described by it too. */
  error?: string | null;
  /** Shown, not changed: no pick, no remove, no hint. */
  isReadOnly?: boolean;
  /** The pick button, for a form library to focus on an error. */
  pickRef?: Ref<HTMLButtonElement>;
  texts: AttachmentFieldTexts;
  className?: string;
}

/**
 * An optional file for a form: its label, the file shown (an image's preview where there is a URL, else a file
 * icon; its name and a remove button), a pick (or replace) button, a hint and the error. The file itself stays with the
 * caller, which uploads it on save.
 */
export function AttachmentField({
  label,
  hideLabel = false,
  acceptedFileTypes,
  fileName,
  previewUrl,
  detail,
  removed = false,
  onPick,
  onRemove,
  hint,
  error,
  isReadOnly = false,
  pickRef,
  texts,
  className,
}: AttachmentFieldProps) {
  const hintId = useId();
  const errorId = useId();
  const shownHint = isReadOnly ? undefined : hint;
  const describedBy = [shownHint && hintId, error && errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div
      className={['atd-AttachmentField', className].filter(Boolean).join(' ')}
      role="group"
      aria-label={label}
      aria-describedby={describedBy}
      data-invalid={error ? true : undefined}
    >
      {!hideLabel && <span className="atd-AttachmentField-label">{label}</span>}
      {fileName ? (
        <div className="atd-AttachmentField-file">
          {previewUrl ? <img className="atd-AttachmentField-preview" src={previewUrl} alt={texts.preview?.(fileName) ?? ''} /> : <ComposerIcon name="file" />}
          <span className="atd-AttachmentField-fileName" title={fileName}>
            {fileName}
          </span>
          {detail && <span className="atd-AttachmentField-detail">{detail}</span>}
          {onRemove && texts.remove && !isReadOnly && (
            <IconButton icon="delete" size="sm" variant="danger" aria-label={texts.remove(fileName)} onPress={onRemove} />
          )}
        </div>
      ) : removed && texts.removed ? (
        <p className="atd-AttachmentField-hint">{texts.removed}</p>
      ) : (
        texts.none && <p className="atd-AttachmentField-hint">{texts.none}</p>
      )}
      {!isReadOnly && (
        <FileTrigger
          acceptedFileTypes={acceptedFileTypes}
          onSelect={(files) => {
            const chosen = files?.[0];
            if (chosen) onPick(chosen);
          }}
        >
          <Button variant="secondary" className="atd-AttachmentField-pick" ref={pickRef}>
            <ComposerIcon name="attach" />
            {fileName ? texts.replace : texts.pick}
          </Button>
        </FileTrigger>
      )}
      {shownHint && (
        <p id={hintId} className="atd-AttachmentField-hint">
          {shownHint}
        </p>
      )}
      {error && (
        <p id={errorId} className="atd-AttachmentField-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** @deprecated The image-only field's old name: use AttachmentField (it previews images and shows other files by name). */
export const ImageAttachmentField = AttachmentField;
/** @deprecated Use AttachmentFieldProps. */
export type ImageAttachmentFieldProps = AttachmentFieldProps;
/** @deprecated Use AttachmentFieldTexts. */
export type ImageAttachmentFieldTexts = AttachmentFieldTexts;
/** @deprecated Use usePickedFile. */
export const usePickedImage = usePickedFile;
/** @deprecated Use PickedFile. */
export type PickedImage = PickedFile;

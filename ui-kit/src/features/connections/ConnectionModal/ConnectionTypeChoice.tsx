import { useId } from 'react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { useController, useFormContext } from 'react-hook-form';
import { useT } from '../../../i18n';
import { connectionsTexts } from '../connections.texts';
import { ConnectionsIcon } from '../connections-icons';
import type { ConnectionFormValues } from '../connection-rules';
import type { ConnectionType } from '../official-rules';

const TYPES: { type: ConnectionType; icon: 'qrCode' | 'key' }[] = [
  { type: 'qrcode', icon: 'qrCode' },
  { type: 'official', icon: 'key' },
];

/** On add: a linked device read from a QR code, or the official API with credentials (a radio group of two cards). */
export function ConnectionTypeChoice() {
  const t = useT(connectionsTexts);
  const { control } = useFormContext<ConnectionFormValues>();
  const { field } = useController({ control, name: 'connectionType' });
  const id = useId();
  return (
    <RadioGroup className="atd-ConnectionModal-types" value={field.value} onChange={(value) => field.onChange(value)} orientation="horizontal">
      <Label className="atd-ConnectionModal-typesLabel">{t('connections.field.type')}</Label>
      <div className="atd-ConnectionModal-typeCards">
        {TYPES.map(({ type, icon }) => (
          <Radio key={type} value={type} className="atd-ConnectionModal-type" aria-describedby={`${id}-${type}`}>
            <span className="atd-ConnectionModal-typeTitle">
              <ConnectionsIcon name={icon} />
              {t(`connections.type.${type}`)}
            </span>
            <span id={`${id}-${type}`} className="atd-ConnectionModal-typeDescription">
              {t(`connections.type.${type}.description`)}
            </span>
          </Radio>
        ))}
      </div>
    </RadioGroup>
  );
}

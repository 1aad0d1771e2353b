import { useState } from 'react';
import { IconButton } from '@chakra-ui/react';
import { Eye, EyeOff, LockKeyhole } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { TextField, type TextFieldProps } from './TextField';

/** A password input with a show/hide toggle. */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'endElement'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      type={visible ? 'text' : 'password'}
      startElement={<LockKeyhole size={16} />}
      endElement={
        <IconButton
          variant="ghost"
          size="xs"
          me="-2"
          aria-label={t(visible ? 'sys.login.hidePassword' : 'sys.login.showPassword')}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? <EyeOff /> : <Eye />}
        </IconButton>
      }
      {...props}
    />
  );
}

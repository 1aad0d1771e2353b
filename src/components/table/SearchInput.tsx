import { useState } from 'react';
import { Input, InputGroup } from '@chakra-ui/react';
import { Search } from 'lucide-react';

interface SearchInputProps {
  label: string;
  /** Enter searches, with what is typed (trimmed). */
  onSearch: (value: string) => void;
}

/** The search box of a table's toolbar; what is typed stays in it until Enter searches with it. */
export function SearchInput({ label, onSearch }: SearchInputProps) {
  const [value, setValue] = useState('');
  return (
    <InputGroup startElement={<Search size={16} />} width={{ base: 'full', md: '64' }}>
      <Input
        type="search"
        aria-label={label}
        placeholder={label}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onSearch(value.trim());
        }}
      />
    </InputGroup>
  );
}

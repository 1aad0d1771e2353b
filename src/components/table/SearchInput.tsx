import { Input, InputGroup } from '@chakra-ui/react';
import { Search } from 'lucide-react';

interface SearchInputProps {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Enter searches. */
  onSearch: (value: string) => void;
}

/** The search box of a table's toolbar. */
export function SearchInput({ label, value, onValueChange, onSearch }: SearchInputProps) {
  return (
    <InputGroup startElement={<Search size={16} />} width={{ base: 'full', md: '64' }}>
      <Input
        type="search"
        aria-label={label}
        placeholder={label}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onSearch(value.trim());
        }}
      />
    </InputGroup>
  );
}

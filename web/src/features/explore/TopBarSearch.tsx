import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Box, Input, InputGroup, Spinner, Text } from '@chakra-ui/react';
import { LuSearch } from 'react-icons/lu';
import { useNavigate } from 'react-router';
import { useTopBarSearchQuery } from './explore.generated';
import { useDebounced } from '../../lib/useDebounced';
import { exploreHref, hitHref, hitTitle, type Hit } from './hits';

const SUGGEST_DELAY_MS = 250;
export const SUGGESTIONS_PER_KIND = 3;

const GROUPS = [
  { key: 'people', label: 'People' },
  { key: 'businesses', label: 'Businesses' },
  { key: 'events', label: 'Events' },
  { key: 'groups', label: 'Groups' },
  { key: 'jobs', label: 'Jobs' },
] as const;

interface Option {
  id: string;
  label: string;
  href: string;
}

const srOnly = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' } as const;

/**
 * The top bar's search (desktop box, mobile search icon): an ARIA combobox that shows the first matches of every
 * kind as the member types (debounced), moves through them with the arrow keys, opens one with Enter (or Explore
 * with the query when none is chosen), and closes with Escape.
 */
export function TopBarSearch({ autoFocus = false, onDone }: { autoFocus?: boolean; onDone?: () => void }) {
  const navigate = useNavigate();
  const base = useId();
  const listId = `${base}-list`;
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  const query = useDebounced(text.trim(), SUGGEST_DELAY_MS);
  const { data, previousData, loading, error } = useTopBarSearchQuery({
    variables: { query, first: SUGGESTIONS_PER_KIND },
    skip: !query,
    fetchPolicy: 'cache-and-network',
  });
  const shown = data ?? previousData;

  const groups = useMemo(
    () =>
      GROUPS.map((g) => ({
        ...g,
        options: (shown?.[g.key].nodes ?? []).map((hit: Hit): Option => ({
          id: `${base}-${g.key}-${hit.id}`,
          label: hitTitle(hit),
          href: hitHref(hit),
        })),
      })).filter((g) => g.options.length > 0),
    [shown, base],
  );
  const seeAll: Option = { id: `${base}-all`, label: `See all results for "${text.trim()}"`, href: exploreHref(text) };
  const options = [...groups.flatMap((g) => g.options), seeAll];
  const expanded = open && text.trim() !== '';
  const activeOption = expanded && active >= 0 ? options[active] : undefined;

  const go = (href: string) => {
    setOpen(false);
    setActive(-1);
    inputRef.current?.blur();
    void navigate(href);
    onDone?.();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!text.trim()) return;
      e.preventDefault();
      setOpen(true);
      const n = options.length;
      // Wraps around: past the last option comes the first, above the first the last.
      setActive((i) => (e.key === 'ArrowDown' ? (i + 1) % n : i <= 0 ? n - 1 : i - 1));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      if (activeOption) go(activeOption.href);
      else if (text.trim()) go(exploreHref(text));
    } else if (e.key === 'Escape') {
      if (expanded) {
        e.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (text) {
        setText('');
      } else {
        onDone?.();
      }
    }
  };

  return (
    <Box
      as="form"
      role="search"
      position="relative"
      w="full"
      maxW={{ md: '16rem', lg: '20rem' }}
      onSubmit={(e) => e.preventDefault()}
    >
      <label htmlFor={`${base}-input`} style={srOnly}>
        Search Saffa
      </label>
      <InputGroup
        startElement={<LuSearch aria-hidden />}
        endElement={loading && expanded ? <Spinner size="xs" aria-hidden /> : undefined}
      >
        <Input
          ref={inputRef}
          id={`${base}-input`}
          type="search"
          placeholder="Search Saffa"
          size="sm"
          autoFocus={autoFocus}
          autoComplete="off"
          maxLength={100}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={activeOption?.id}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
      </InputGroup>
      <Box
        id={listId}
        role="listbox"
        aria-label="Search suggestions"
        hidden={!expanded}
        position="absolute"
        top="calc(100% + 4px)"
        insetInline="0"
        minW={{ md: '20rem' }}
        zIndex="dropdown"
        bg="bg.panel"
        borderWidth="1px"
        borderRadius="md"
        boxShadow="md"
        py="1"
        maxH="70vh"
        overflowY="auto"
        data-testid="search-suggestions"
      >
        {groups.map((g) => (
          <Box key={g.key} role="group" aria-labelledby={`${base}-${g.key}-label`}>
            <Text
              id={`${base}-${g.key}-label`}
              role="presentation"
              px="3"
              pt="2"
              pb="1"
              fontSize="xs"
              fontWeight="semibold"
              color="fg.muted"
              textTransform="uppercase"
            >
              {g.label}
            </Text>
            {g.options.map((o) => (
              <SuggestionOption key={o.id} option={o} active={activeOption?.id === o.id} onPick={go} />
            ))}
          </Box>
        ))}
        {query && !loading && !error && shown && groups.length === 0 && (
          <Text px="3" py="2" fontSize="sm" color="fg.muted" role="status">
            No matches yet
          </Text>
        )}
        {error && (
          <Text px="3" py="2" fontSize="sm" color="fg.error" role="alert">
            Could not search. Press Enter to try on Explore.
          </Text>
        )}
        <SuggestionOption option={seeAll} active={activeOption?.id === seeAll.id} onPick={go} />
      </Box>
    </Box>
  );
}

function SuggestionOption({
  option,
  active,
  onPick,
}: {
  option: Option;
  active: boolean;
  onPick: (href: string) => void;
}) {
  return (
    <Box
      id={option.id}
      role="option"
      aria-selected={active}
      px="3"
      py="2"
      minH="11"
      display="flex"
      alignItems="center"
      cursor="pointer"
      bg={active ? 'bg.emphasized' : undefined}
      _hover={{ bg: 'bg.muted' }}
      // Keep the focus in the box: a click picks the option before the box's blur closes the list.
      onMouseDown={(e) => e.preventDefault()}
      onClick={() => onPick(option.href)}
    >
      <Text fontSize="sm" lineClamp={1}>
        {option.label}
      </Text>
    </Box>
  );
}

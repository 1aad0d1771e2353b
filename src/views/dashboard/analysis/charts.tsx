import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Box, Card, Center, Heading, Text, VisuallyHidden } from '@chakra-ui/react';
import {
  ArcElement,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  Filler,
  Legend,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';

ChartJS.register(ArcElement, BarElement, CategoryScale, Filler, Legend, LinearScale, LineElement, PointElement, Tooltip);

/** The theme's colours a chart draws with, read from Chakra's CSS variables (so both themes apply). */
export interface ChartColors {
  text: string;
  grid: string;
  series: string[];
}

const SERIES_TOKENS = ['brand-solid', 'green-solid', 'orange-solid', 'purple-solid', 'red-solid', 'teal-solid', 'pink-solid'];

function readColors(): ChartColors {
  const style = getComputedStyle(document.documentElement);
  const token = (name: string, fallback: string) => style.getPropertyValue(`--chakra-colors-${name}`).trim() || fallback;
  return {
    text: token('fg-muted', '#71717a'),
    grid: token('border-muted', '#e4e4e7'),
    series: SERIES_TOKENS.map((name, i) => token(name, ['#0960bd', '#16a34a', '#ea580c', '#9333ea', '#dc2626', '#0d9488', '#db2777'][i])),
  };
}

/** The chart colours, read again whenever the theme (the root's class) changes. */
export function useChartColors(): ChartColors {
  const [colors, setColors] = useState(readColors);
  useEffect(() => {
    const observer = new MutationObserver(() => setColors(readColors()));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class', 'style'] });
    return () => observer.disconnect();
  }, []);
  return colors;
}

/** Axis and legend options in the theme's colours. */
export const axes = (c: ChartColors, stacked = false) => ({
  responsive: true,
  maintainAspectRatio: false,
  interaction: { mode: 'index' as const, intersect: false },
  plugins: { legend: { labels: { color: c.text, boxWidth: 12 } } },
  scales: {
    // Whole numbers on either axis: a horizontal bar chart (top sites) counts along x.
    x: { stacked, ticks: { color: c.text, maxRotation: 0, autoSkipPadding: 12, precision: 0 }, grid: { color: c.grid } },
    y: { stacked, beginAtZero: true, ticks: { color: c.text, precision: 0 }, grid: { color: c.grid } },
  },
});

/** Whether this browser can draw on a canvas (chart.js needs its 2D context; jsdom and some locked-down browsers have none). */
let canvasDraws: boolean | undefined;
function canDraw(): boolean {
  if (canvasDraws === undefined) {
    try {
      canvasDraws = Boolean(document.createElement('canvas').getContext('2d'));
    } catch {
      canvasDraws = false;
    }
  }
  return canvasDraws;
}

/** What a chart shows, as chart.js takes it: one series of values a dataset, one value a label. */
interface ChartTable {
  labels?: unknown[];
  datasets: { label?: string; data: unknown[] }[];
}

/**
 * The chart's figures as a table for screen readers, which cannot read a canvas: a row a label, a
 * column a series (a series without a name is the chart's title).
 */
function ChartFigures({ title, data }: { title: string; data: ChartTable }) {
  return (
    <VisuallyHidden asChild>
      <table>
        <caption>{title}</caption>
        <thead>
          <tr>
            <td />
            {data.datasets.map((series, column) => (
              <th key={column} scope="col">
                {series.label ?? title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {(data.labels ?? []).map((label, row) => (
            <tr key={row}>
              <th scope="row">{String(label)}</th>
              {data.datasets.map((series, column) => (
                <td key={column}>{String(series.data[row] ?? '')}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </VisuallyHidden>
  );
}

/**
 * A titled card around a chart drawn from `data`, or its empty state when there is nothing to draw:
 * the page's "no data yet" and the hint of the chart `name` (which also names it for tests).
 * The canvas is hidden from screen readers, which read the same figures as a table.
 */
export function ChartCard<Data extends ChartTable>({
  name,
  title,
  empty,
  data,
  children,
  height = '64',
}: {
  name: string;
  title: string;
  empty: boolean;
  data: Data;
  children: (data: Data) => ReactNode;
  height?: string;
}) {
  const { t } = useTranslation('dashboard');
  const note = empty ? t('dashboard.analysis.empty') : canDraw() ? null : t('dashboard.analysis.noCanvas');
  return (
    <Card.Root variant="elevated" bg="bg.panel" h="full" data-testid={`chart-${name}`}>
      <Card.Header pb="0">
        <Heading size="sm">{title}</Heading>
      </Card.Header>
      <Card.Body>
        {note !== null ? (
          <Center
            h={height}
            borderWidth="1px"
            borderStyle="dashed"
            borderRadius="md"
            data-empty={empty ? 'true' : undefined}
            flexDirection="column"
            gap="1"
            px="4"
            textAlign="center"
          >
            <Text color="fg.muted" textStyle="sm" fontWeight="medium">
              {note}
            </Text>
            {empty && (
              <Text color="fg.muted" textStyle="xs">
                {t(`dashboard.analysis.emptyHints.${name}`)}
              </Text>
            )}
          </Center>
        ) : (
          <>
            <Box h={height} position="relative" aria-hidden>
              {children(data)}
            </Box>
            <ChartFigures title={title} data={data} />
          </>
        )}
      </Card.Body>
    </Card.Root>
  );
}

import {useEffect, useRef, useState, type ReactNode} from 'react';
import type {Chart} from 'chart.js';
import {formatDay, type Report} from './report';
import styles from './styles.module.css';

/** A CSS custom property of the current colour mode, for the canvas (which cannot read CSS). */
function cssColor(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value === '' ? fallback : value;
}

/**
 * Searches and Ask AI questions per day, as bars. Chart.js is imported here, in the browser,
 * so it is a chunk of /insights alone: no doc page loads it. The canvas has a text summary;
 * the figures are also in a table below it.
 */
/** The colour mode as the page shows it (`data-theme`), followed as it changes. */
function useShownTheme(): string {
  const [theme, setTheme] = useState('light');
  useEffect(() => {
    const root = document.documentElement;
    const read = () => setTheme(root.dataset.theme ?? 'light');
    read();
    const observer = new MutationObserver(read);
    observer.observe(root, {attributes: true, attributeFilter: ['data-theme']});
    return () => observer.disconnect();
  }, []);
  return theme;
}

export default function DailyChart({perDay}: {perDay: Report['perDay']}): ReactNode {
  const canvas = useRef<HTMLCanvasElement>(null);
  const colorMode = useShownTheme();

  useEffect(() => {
    let chart: Chart | null = null;
    let cancelled = false;
    void import('chart.js').then(
      ({
        Chart: ChartJs,
        BarController,
        BarElement,
        CategoryScale,
        LinearScale,
        Legend,
        Tooltip,
      }) => {
        if (cancelled || !canvas.current) return;
        ChartJs.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);
        const text = cssColor('--ifm-font-color-base', '#1c1e21');
        const grid = cssColor('--ifm-color-emphasis-200', '#e3e3e3');
        chart = new ChartJs(canvas.current, {
          type: 'bar',
          data: {
            labels: perDay.map((day) => formatDay(day.day)),
            datasets: [
              {
                label: 'Searches',
                data: perDay.map((day) => day.searches),
                backgroundColor: cssColor('--ifm-color-primary', '#1f5f8b'),
              },
              {
                label: 'Ask AI questions',
                data: perDay.map((day) => day.questions),
                backgroundColor: colorMode === 'dark' ? '#f0b35b' : '#a3570c',
              },
            ],
          },
          options: {
            responsive: true,
            maintainAspectRatio: false,
            animation: false,
            color: text,
            scales: {
              x: {
                ticks: {color: text, maxRotation: 0, autoSkipPadding: 12},
                grid: {display: false},
              },
              y: {beginAtZero: true, ticks: {color: text, precision: 0}, grid: {color: grid}},
            },
            plugins: {legend: {labels: {color: text}}},
          },
        });
      },
    );
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [perDay, colorMode]);

  const searches = perDay.reduce((sum, day) => sum + day.searches, 0);
  const questions = perDay.reduce((sum, day) => sum + day.questions, 0);
  return (
    <div className={styles.chart}>
      <canvas
        ref={canvas}
        role="img"
        aria-label={`Bar chart: ${searches} searches and ${questions} Ask AI questions over ${perDay.length} days, per day. The figures are in the table below.`}
      />
    </div>
  );
}

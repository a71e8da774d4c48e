import type {ReactNode} from 'react';
import InsightsPage from '@site/src/insights/InsightsPage';

/** /insights: reader insights for the handbook's writers (src/insights/). */
export default function Insights(): ReactNode {
  return <InsightsPage />;
}

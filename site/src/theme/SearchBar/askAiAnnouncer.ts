/**
 * Ask AI for screen readers (issue 31). DocSearch streams an answer into plain elements, so a
 * screen reader hears nothing when it arrives; a live region around the stream would read it
 * token by token. Instead, once the newest answer is complete (its feedback buttons appear, or
 * its error), its text and the sections it cites go into the dialog's polite status region
 * (`.DocSearch-Announcer`, added by scripts/patch-docsearch.mjs) in one piece: the refusal
 * ("I couldn't find this in the handbook.") is announced like any answer. The region empties
 * while the next answer streams and when the reader leaves Ask AI. Loaded with the modal, not
 * in the main chunk.
 */

/** After DocSearch has moved focus back to the question input: focus speech would cut it. */
const ANNOUNCE_DELAY_MS = 400;

const SELECTORS = {
  region: '.DocSearch-Announcer',
  /** DocSearch lists exchanges newest first. */
  exchange: '.DocSearch-AskAiScreen-Response-Container',
  question: '.DocSearch-AskAiScreen-Query',
  answer: '.DocSearch-AskAiScreen-Message--assistant',
  complete: '.DocSearch-AskAiScreen-Actions, .DocSearch-AskAiScreen-Error',
  error: '.DocSearch-AskAiScreen-Error',
  source: '.DocSearch-AskAiScreen-RelatedSources-Item-Link',
  controls: 'button, svg',
} as const;

function plainText(element: Element): string {
  const copy = element.cloneNode(true) as Element;
  for (const control of Array.from(copy.querySelectorAll(SELECTORS.controls))) control.remove();
  // Block elements have no spaces between them in textContent.
  for (const block of Array.from(copy.querySelectorAll('p, li, pre, blockquote, h1, h2, h3, h4')))
    block.append(' ');
  return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** What a screen reader says for a complete exchange. */
export function announcement(exchange: Element): string {
  const answerElement = exchange.querySelector(SELECTORS.answer);
  const answer = answerElement ? plainText(answerElement) : '';
  const sources = Array.from(exchange.querySelectorAll(SELECTORS.source), plainText).filter(
    Boolean,
  );
  return [
    exchange.querySelector(SELECTORS.error) ? answer : `Answer: ${answer}`,
    sources.length > 0 ? `Sections in the handbook: ${sources.join('; ')}.` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** Watches the search dialog rendered into `container`; returns the function that stops it. */
export function watchAskAiAnswers(container: HTMLElement): () => void {
  let announcedKey = '';
  let timer: ReturnType<typeof setTimeout> | undefined;
  const setRegion = (text: string) => {
    const region = container.querySelector(SELECTORS.region);
    if (region && region.textContent !== text) region.textContent = text;
  };
  const update = () => {
    const exchange = container.querySelector(SELECTORS.exchange);
    const complete = exchange?.querySelector(SELECTORS.complete);
    if (!exchange || !complete) {
      // Streaming, or not in Ask AI: nothing half-written is ever announced.
      clearTimeout(timer);
      announcedKey = exchange ? announcedKey : '';
      setRegion('');
      return;
    }
    const count = exchange.parentElement?.children.length ?? 0;
    const key = `${count}:${exchange.querySelector(SELECTORS.question)?.textContent ?? ''}`;
    if (key === announcedKey) return;
    announcedKey = key;
    clearTimeout(timer);
    timer = setTimeout(() => {
      const newest = container.querySelector(SELECTORS.exchange);
      if (newest?.querySelector(SELECTORS.complete)) setRegion(announcement(newest));
    }, ANNOUNCE_DELAY_MS);
  };
  const observer = new MutationObserver(update);
  observer.observe(container, {childList: true, subtree: true});
  return () => {
    observer.disconnect();
    clearTimeout(timer);
  };
}

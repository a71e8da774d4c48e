import {useEffect, useId, useRef, useState, type FormEvent, type ReactNode} from 'react';
import {createPortal} from 'react-dom';
import {MAX_COMMENT_CHARS, sendInsightEvent} from '../sendEvent';
import styles from './styles.module.css';

const SLOT = '.DocSearch-AskAiScreen-FeedbackComment[data-message-id]';

/** The optional comment under an Ask AI answer the reader voted down. */
function CommentForm({messageId}: {messageId: string}): ReactNode {
  const [text, setText] = useState('');
  const [state, setState] = useState<'editing' | 'sending' | 'sent' | {failed: string}>('editing');
  const fieldId = useId();
  const field = useRef<HTMLTextAreaElement>(null);

  useEffect(() => field.current?.focus(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const comment = text.trim();
    if (comment === '') return;
    setState('sending');
    sendInsightEvent({type: 'askai.comment', messageId, comment}).then(
      () => setState('sent'),
      (error: Error) => setState({failed: error.message}),
    );
  };

  if (state === 'sent') {
    return (
      <p role="status" className={styles.status}>
        Thank you: the handbook&apos;s writers will read your comment.
      </p>
    );
  }
  return (
    <form className={styles.form} onSubmit={submit}>
      <label htmlFor={fieldId} className={styles.label}>
        What was wrong with this answer? <span className={styles.optional}>(optional)</span>
      </label>
      <textarea
        id={fieldId}
        ref={field}
        className={styles.textarea}
        rows={2}
        maxLength={MAX_COMMENT_CHARS}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <div className={styles.actions}>
        <button
          type="submit"
          className={styles.send}
          disabled={state === 'sending' || text.trim() === ''}>
          Send comment
        </button>
      </div>
      {typeof state === 'object' && (
        <p role="alert" className={styles.status}>
          Your comment could not be sent: {state.failed}
        </p>
      )}
    </form>
  );
}

/**
 * Renders the comment form into each place the patched modal leaves under an answer voted
 * down (scripts/patch-docsearch.mjs, fix 8), for as long as the modal is open.
 */
export default function AskAiComments({root}: {root: HTMLElement | null}): ReactNode {
  const [slots, setSlots] = useState<HTMLElement[]>([]);
  useEffect(() => {
    if (!root) return undefined;
    const scan = () => {
      const found = Array.from(root.querySelectorAll<HTMLElement>(SLOT));
      setSlots((previous) =>
        previous.length === found.length && previous.every((slot, index) => slot === found[index])
          ? previous
          : found,
      );
    };
    scan();
    const observer = new MutationObserver(scan);
    observer.observe(root, {childList: true, subtree: true});
    return () => observer.disconnect();
  }, [root]);
  return (
    <>
      {slots.map((slot) =>
        createPortal(
          <CommentForm messageId={slot.dataset.messageId ?? ''} />,
          slot,
          slot.dataset.messageId,
        ),
      )}
    </>
  );
}

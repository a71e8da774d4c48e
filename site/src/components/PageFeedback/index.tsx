import {useEffect, useId, useRef, useState, type FormEvent, type ReactNode} from 'react';
import {useLocation} from '@docusaurus/router';
import {MAX_COMMENT_CHARS, sendInsightEvent} from '@site/src/insights/sendEvent';
import styles from './styles.module.css';

type State =
  | {step: 'ask'}
  | {step: 'thanks'}
  | {step: 'comment'}
  | {step: 'sent'}
  | {step: 'failed'; reason: string};

/**
 * "Was this page helpful?" at the end of every doc page. Yes or No is sent at once; after No,
 * an optional comment tells the writers what was missing. The answers appear on /insights.
 */
export default function PageFeedback(): ReactNode {
  const {pathname} = useLocation();
  const [state, setState] = useState<State>({step: 'ask'});
  const [comment, setComment] = useState('');
  const [sending, setSending] = useState(false);
  const commentRef = useRef<HTMLTextAreaElement>(null);
  const titleId = useId();
  const commentId = useId();
  const hintId = useId();

  // Another page, another question.
  useEffect(() => {
    setState({step: 'ask'});
    setComment('');
  }, [pathname]);

  useEffect(() => {
    if (state.step === 'comment') commentRef.current?.focus();
  }, [state.step]);

  const send = async (helpful: boolean, text?: string) => {
    setSending(true);
    try {
      await sendInsightEvent({
        type: 'page.feedback',
        page: pathname,
        helpful,
        ...(text ? {comment: text} : {}),
      });
      setState(helpful ? {step: 'thanks'} : text ? {step: 'sent'} : {step: 'comment'});
    } catch (error) {
      setState({step: 'failed', reason: (error as Error).message});
    } finally {
      setSending(false);
    }
  };

  const submitComment = (event: FormEvent) => {
    event.preventDefault();
    const text = comment.trim();
    if (text === '') {
      setState({step: 'sent'});
      return;
    }
    void send(false, text);
  };

  return (
    <section className={styles.feedback} aria-labelledby={titleId} data-testid="page-feedback">
      <h2 id={titleId} className={styles.title}>
        Was this page helpful?
      </h2>
      {state.step === 'ask' && (
        <div className={styles.choices}>
          <button
            type="button"
            className="button button--outline button--primary"
            disabled={sending}
            onClick={() => void send(true)}>
            Yes
          </button>
          <button
            type="button"
            className="button button--outline button--primary"
            disabled={sending}
            onClick={() => void send(false)}>
            No
          </button>
        </div>
      )}
      {state.step === 'comment' && (
        <form className={styles.form} onSubmit={submitComment}>
          <label htmlFor={commentId} className={styles.label}>
            What was missing or wrong? <span className={styles.optional}>(optional)</span>
          </label>
          <p id={hintId} className={styles.hint}>
            The page&apos;s writers read this. Please leave out passwords and personal details.
          </p>
          <textarea
            id={commentId}
            ref={commentRef}
            className={styles.textarea}
            rows={3}
            maxLength={MAX_COMMENT_CHARS}
            aria-describedby={hintId}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
          />
          <div className={styles.choices}>
            <button type="submit" className="button button--primary" disabled={sending}>
              Send
            </button>
            <button
              type="button"
              className="button button--secondary"
              disabled={sending}
              onClick={() => setState({step: 'sent'})}>
              Skip
            </button>
          </div>
        </form>
      )}
      <p role="status" className={styles.status}>
        {state.step === 'thanks' && 'Thank you. Glad it helped.'}
        {state.step === 'comment' && 'Thank you. Your answer was sent.'}
        {state.step === 'sent' && 'Thank you. The writers will see your answer.'}
        {state.step === 'failed' && `Your answer could not be sent: ${state.reason}`}
      </p>
    </section>
  );
}

import { Bot, MessageCircle, Send, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button } from '@client/components/ui/button';
import { useHydrated } from '@client/lib/useHydrated';
import { cn } from '@client/lib/utils';
import { CHAT_GREETING, CHAT_INPUT_MAX, CHAT_REPLY_DELAY_MS, askChatbot, makeMessage, normalizeInput, toHistory, type ChatMessage } from './chat';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Landing chat assistant (part 1 §2, §4 'Chat widget', §7, §8). */
export function ChatWidget() {
  const [open, setOpen] = useState(false);
  const [messages, setMessages] = useState<ChatMessage[]>(() => [makeMessage(CHAT_GREETING, true)]);
  const [draft, setDraft] = useState('');
  const [pending, setPending] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const mounted = useRef(true);
  const wasOpen = useRef(false);
  const panelId = useId();
  // Not in the prerendered landing: the button appears when it works.
  const hydrated = useHydrated();
  const titleId = useId();

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // Focus goes into the input on open and back to the round button on close.
  useEffect(() => {
    if (open) inputRef.current?.focus();
    else if (wasOpen.current) toggleRef.current?.focus();
    wasOpen.current = open;
  }, [open]);

  useEffect(() => {
    const el = listRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages, pending, open]);

  async function send(e?: FormEvent) {
    e?.preventDefault();
    const text = normalizeInput(draft);
    if (!text || pending) return;
    const history = toHistory(messages);
    setMessages((m) => [...m, makeMessage(text, false)]);
    setDraft('');
    setPending(true);
    // Part 1 §7: the request is issued 1.5 s after the user sends (the typing indicator shows meanwhile).
    await wait(CHAT_REPLY_DELAY_MS);
    const reply = await askChatbot(text, history);
    if (!mounted.current) return;
    setMessages((m) => [...m, makeMessage(reply, true)]);
    setPending(false);
  }

  function onPanelKeyDown(e: KeyboardEvent) {
    if (e.key === 'Escape') {
      e.stopPropagation();
      setOpen(false);
    }
  }

  if (!hydrated) return null;

  return (
    <>
      {open && (
        <section
          id={panelId}
          role="dialog"
          aria-modal="false"
          aria-labelledby={titleId}
          onKeyDown={onPanelKeyDown}
          className="fixed bottom-24 right-4 z-40 flex h-[min(32rem,calc(100dvh-8rem))] w-[calc(100vw-2rem)] max-w-sm flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-2xl sm:right-6"
        >
          <header className="flex items-center gap-3 bg-primary px-4 py-3 text-primary-foreground">
            <span className="flex size-9 items-center justify-center rounded-full bg-primary-foreground/15" aria-hidden="true">
              <Bot className="size-5" />
            </span>
            <div className="min-w-0 flex-1">
              <h2 id={titleId} className="text-sm font-semibold">
                Asistente Rendix
              </h2>
              <p className="text-xs opacity-90">Resolvemos tus dudas sobre planes y funciones</p>
            </div>
            <button
              type="button"
              onClick={() => setOpen(false)}
              aria-label="Cerrar chat"
              className="rounded-md p-1.5 hover:bg-primary-foreground/15 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary-foreground"
            >
              <X className="size-5" aria-hidden="true" />
            </button>
          </header>

          <div ref={listRef} role="log" aria-live="polite" aria-label="Mensajes del chat" className="flex-1 space-y-3 overflow-y-auto px-4 py-4">
            {messages.map((m) => (
              <div key={m.id} className={cn('flex', m.isBot ? 'justify-start' : 'justify-end')} data-chat-role={m.isBot ? 'bot' : 'user'}>
                <p
                  className={cn(
                    'max-w-[85%] whitespace-pre-line break-words rounded-2xl px-3 py-2 text-sm',
                    m.isBot ? 'rounded-bl-sm bg-muted text-foreground' : 'rounded-br-sm bg-primary text-primary-foreground',
                  )}
                >
                  <span className="sr-only">{m.isBot ? 'Asistente: ' : 'Tú: '}</span>
                  <span data-chat-text>{m.content}</span>
                </p>
              </div>
            ))}
            {pending && (
              <div className="flex justify-start" role="status" aria-label="El asistente está escribiendo">
                <span className="flex items-center gap-1 rounded-2xl rounded-bl-sm bg-muted px-3 py-3" aria-hidden="true">
                  <span className="size-2 animate-bounce rounded-full bg-muted-foreground [animation-delay:-0.3s]" />
                  <span className="size-2 animate-bounce rounded-full bg-muted-foreground [animation-delay:-0.15s]" />
                  <span className="size-2 animate-bounce rounded-full bg-muted-foreground" />
                </span>
              </div>
            )}
          </div>

          <form onSubmit={send} className="flex items-center gap-2 border-t p-3">
            <label htmlFor={`${panelId}-input`} className="sr-only">
              Escribe tu mensaje
            </label>
            <input
              id={`${panelId}-input`}
              ref={inputRef}
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              maxLength={CHAT_INPUT_MAX}
              autoComplete="off"
              placeholder="Escribe tu pregunta..."
              className="h-10 min-w-0 flex-1 rounded-md border border-input bg-background px-3 text-base text-foreground placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:text-sm"
            />
            <Button type="submit" size="icon" aria-label="Enviar mensaje" disabled={pending || !draft.trim()}>
              <Send aria-hidden="true" />
            </Button>
          </form>
        </section>
      )}

      <button
        ref={toggleRef}
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-label={open ? 'Ocultar chat' : 'Abrir chat de ayuda'}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        className="fixed bottom-4 right-4 z-40 flex size-14 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg transition-transform hover:scale-105 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 sm:bottom-6 sm:right-6"
      >
        {open ? <X className="size-6" aria-hidden="true" /> : <MessageCircle className="size-6" aria-hidden="true" />}
      </button>
    </>
  );
}

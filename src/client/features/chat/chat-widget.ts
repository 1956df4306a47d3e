import { buttonVariants } from '@client/components/ui/button-variants';
import { h, icon } from '@client/lib/dom';
import { BOT, MESSAGE_CIRCLE, SEND, X } from '@client/lib/icons';
import { CHAT_GREETING, CHAT_INPUT_MAX, CHAT_REPLY_DELAY_MS, askChatbot, makeMessage, normalizeInput, toHistory, type ChatMessage } from './chat';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const PANEL_ID = 'chat-panel';
const TITLE_ID = 'chat-panel-title';
const INPUT_ID = 'chat-panel-input';

/**
 * Landing chat assistant (part 1 §2, §4 'Chat widget', §7, §8): the round button and, while open, the panel. Plain
 * DOM rather than React so it works as soon as the landing's small script runs (issue 18 item 8); not in the
 * prerendered HTML, so the button appears when it works. Appends into `host`; the returned function removes it.
 */
export function mountChatWidget(host: HTMLElement): () => void {
  const messages: ChatMessage[] = [makeMessage(CHAT_GREETING, true)];
  let open = false;
  let pending = false;
  let mounted = true;

  // The panel is built on first open: the landing's script then only adds the round button (issue 18 item 8).
  let built: ReturnType<typeof buildPanel> | undefined;
  const ui = () => {
    if (!built) {
      built = buildPanel();
      renderList();
    }
    return built;
  };
  function buildPanel() {
    const list = h('div', { role: 'log', 'aria-live': 'polite', 'aria-label': 'Mensajes del chat', class: 'flex-1 space-y-3 overflow-y-auto px-4 py-4' });
    const input = h('input', {
      id: INPUT_ID,
      maxlength: CHAT_INPUT_MAX,
      autocomplete: 'off',
      placeholder: 'Escribe tu pregunta...',
      class:
        'h-10 min-w-0 flex-1 rounded-md border border-input bg-background px-3 text-base text-foreground placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:text-sm',
      onInput: () => syncSend(),
    });
    const sendButton = h('button', { type: 'submit', 'aria-label': 'Enviar mensaje', class: buttonVariants({ size: 'icon' }) }, icon(SEND, ''));
    const typing = h(
      'div',
      { class: 'flex justify-start', role: 'status', 'aria-label': 'El asistente está escribiendo' },
      h(
        'span',
        { class: 'flex items-center gap-1 rounded-2xl rounded-bl-sm bg-muted px-3 py-3', 'aria-hidden': 'true' },
        h('span', { class: 'size-2 animate-bounce rounded-full bg-muted-foreground [animation-delay:-0.3s]' }),
        h('span', { class: 'size-2 animate-bounce rounded-full bg-muted-foreground [animation-delay:-0.15s]' }),
        h('span', { class: 'size-2 animate-bounce rounded-full bg-muted-foreground' }),
      ),
    );

    const panel = h(
      'section',
      {
        id: PANEL_ID,
        role: 'dialog',
        'aria-modal': 'false',
        'aria-labelledby': TITLE_ID,
        class:
          'fixed bottom-24 right-4 z-40 flex h-[min(32rem,calc(100dvh-8rem))] w-[calc(100vw-2rem)] max-w-sm flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-2xl sm:right-6',
        onKeyDown: (e: KeyboardEvent) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            setOpen(false);
          }
        },
      },
      h(
        'header',
        { class: 'flex items-center gap-3 bg-primary px-4 py-3 text-primary-foreground' },
        h('span', { class: 'flex size-9 items-center justify-center rounded-full bg-primary-foreground/15', 'aria-hidden': 'true' }, icon(BOT, 'size-5')),
        h(
          'div',
          { class: 'min-w-0 flex-1' },
          h('h2', { id: TITLE_ID, class: 'text-sm font-semibold' }, 'Asistente Rendix'),
          h('p', { class: 'text-xs opacity-90' }, 'Resolvemos tus dudas sobre planes y funciones'),
        ),
        h(
          'button',
          {
            type: 'button',
            'aria-label': 'Cerrar chat',
            class: 'rounded-md p-1.5 hover:bg-primary-foreground/15 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary-foreground',
            onClick: () => setOpen(false),
          },
          icon(X, 'size-5'),
        ),
      ),
      list,
      h(
        'form',
        { class: 'flex items-center gap-2 border-t p-3', onSubmit: (e: SubmitEvent) => void send(e) },
        h('label', { for: INPUT_ID, class: 'sr-only' }, 'Escribe tu mensaje'),
        input,
        sendButton,
      ),
    );
    return { panel, list, input, sendButton, typing };
  }

  const toggle = h('button', {
    type: 'button',
    class:
      'fixed bottom-4 right-4 z-40 flex size-14 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg transition-transform hover:scale-105 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 sm:bottom-6 sm:right-6',
    onClick: () => setOpen(!open),
  });

  function bubble(m: ChatMessage): HTMLElement {
    return h(
      'div',
      { class: `flex ${m.isBot ? 'justify-start' : 'justify-end'}`, 'data-chat-role': m.isBot ? 'bot' : 'user' },
      h(
        'p',
        {
          class: `max-w-[85%] whitespace-pre-line break-words rounded-2xl px-3 py-2 text-sm ${m.isBot ? 'rounded-bl-sm bg-muted text-foreground' : 'rounded-br-sm bg-primary text-primary-foreground'}`,
        },
        h('span', { class: 'sr-only' }, m.isBot ? 'Asistente: ' : 'Tú: '),
        h('span', { 'data-chat-text': true }, m.content),
      ),
    );
  }

  function renderList() {
    if (!built) return;
    const { list, typing } = built;
    list.replaceChildren(...messages.map(bubble), ...(pending ? [typing] : []));
    list.scrollTop = list.scrollHeight;
    syncSend();
  }

  function syncSend() {
    if (built) built.sendButton.disabled = pending || !built.input.value.trim();
  }

  function setOpen(next: boolean) {
    const wasOpen = open;
    open = next;
    toggle.setAttribute('aria-label', open ? 'Ocultar chat' : 'Abrir chat de ayuda');
    toggle.setAttribute('aria-expanded', String(open));
    if (open) toggle.setAttribute('aria-controls', PANEL_ID);
    else toggle.removeAttribute('aria-controls');
    toggle.replaceChildren(icon(open ? X : MESSAGE_CIRCLE, 'size-6'));
    // Focus goes into the input on open and back to the round button on close.
    if (open) {
      const { panel, list, input } = ui();
      if (!panel.isConnected) host.insertBefore(panel, toggle);
      list.scrollTop = list.scrollHeight;
      input.focus();
    } else {
      built?.panel.remove();
      if (wasOpen) toggle.focus();
    }
  }

  async function send(e?: Event) {
    e?.preventDefault();
    const { input } = ui();
    const text = normalizeInput(input.value);
    if (!text || pending) return;
    const history = toHistory(messages);
    messages.push(makeMessage(text, false));
    input.value = '';
    pending = true;
    renderList();
    // Part 1 §7: the request is issued 1.5 s after the user sends (the typing indicator shows meanwhile).
    await wait(CHAT_REPLY_DELAY_MS);
    const reply = await askChatbot(text, history);
    if (!mounted) return;
    messages.push(makeMessage(reply, true));
    pending = false;
    renderList();
  }

  host.append(toggle);
  setOpen(false);
  return () => {
    mounted = false;
    built?.panel.remove();
    toggle.remove();
  };
}

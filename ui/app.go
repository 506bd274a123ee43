package ui

import (
	"context"
	"log/slog"
	"time"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/tidings-rss/tidings/config"
	"github.com/tidings-rss/tidings/engine"
	"github.com/tidings-rss/tidings/store"
)

// Options are what the reader works with.
type Options struct {
	// Context ends the store and engine calls the reader starts.
	Context context.Context
	Store   *store.Store
	// Engine downloads and carries out the actions the reader shares with
	// the command line; nil: an engine over Store that downloads only when
	// asked (nothing runs its scheduler).
	Engine *engine.Engine
	Config config.Config
	Logger *slog.Logger
	// Renderer draws the styles (NewRenderer honours NO_COLOR).
	Renderer *lipgloss.Renderer
	// Now is the clock; default time.Now.
	Now func() time.Time
	// Poll is how often counts are re-read to notice other processes'
	// changes; default 3 s.
	Poll time.Duration
	// OpenURL opens a link; default $BROWSER, else xdg-open / open.
	OpenURL func(string) error
	// Copy puts text on the clipboard; default OSC 52 on stderr.
	Copy func(string) error
}

// Model is the reader: three panes, a status line, and at most one dialog.
type Model struct {
	opts    Options
	be      backend
	keys    KeyMap
	styles  Styles
	help    help.Model
	tree    *treePane
	items   *itemsPane
	reader  *readerPane
	status  statusBar
	dialog  dialog
	focus   pane
	layout  layout
	width   int
	height  int
	ready   bool
	loadErr error
}

// New builds the reader. Nothing is read until Init's Cmds run.
func New(o Options) *Model {
	if o.Context == nil {
		o.Context = context.Background()
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	if o.Renderer == nil {
		o.Renderer = lipgloss.DefaultRenderer()
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Poll == 0 {
		o.Poll = 3 * time.Second
	}
	if o.OpenURL == nil {
		o.OpenURL = openURL
	}
	if o.Copy == nil {
		o.Copy = copyOSC52
	}
	if o.Engine == nil {
		o.Engine = engine.New(o.Store, o.Config, engine.Options{Logger: o.Logger})
	}
	st, km := NewStyles(o.Renderer), DefaultKeyMap()
	m := &Model{opts: o, keys: km, styles: st, help: help.New(), status: newStatusBar(st),
		be:     backend{ctx: o.Context, store: o.Store, engine: o.Engine, now: o.Now},
		tree:   &treePane{keys: km, styles: st, focused: true},
		items:  &itemsPane{keys: km, styles: st, now: o.Now},
		reader: &readerPane{keys: km, styles: st}}
	m.help.Styles.ShortKey = st.Label
	m.help.Styles.ShortDesc = st.Faint
	m.help.Styles.FullKey = st.Label
	m.help.Styles.FullDesc = st.Faint
	return m
}

// Init reads the tree and the first page of All items, and starts
// listening to the engine and polling for other processes' changes.
func (m *Model) Init() tea.Cmd {
	return tea.Batch(m.be.loadCounts(), m.items.show(m.be, "All items", store.ItemQuery{}, true),
		listen(m.opts.Engine.Events()), m.be.loadAccount(), m.poll())
}

func (m *Model) poll() tea.Cmd {
	return tea.Tick(m.opts.Poll, func(time.Time) tea.Msg { return pollMsg{} })
}

// Update routes: size, keys and mouse to the focused pane or the dialog,
// results of Cmds to the part that asked for them.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		return m, m.resize(msg.Width, msg.Height)
	case tea.KeyMsg:
		return m, m.key(msg)
	case tea.MouseMsg:
		return m, m.mouse(msg)
	case engineMsg:
		return m, m.engineEvent(msg.ev)
	}
	return m, m.result(msg)
}

// resize lays the panes out again; the selections stay where they are.
func (m *Model) resize(w, h int) tea.Cmd {
	m.width, m.height, m.ready = w, h, true
	m.layout = computeLayout(w, h-2, m.focus)
	m.help.Width = w
	m.status.width = w
	m.tree.SetSize(m.layout.widths[paneTree], m.layout.height)
	m.items.SetSize(m.layout.widths[paneItems], m.layout.height)
	m.reader.SetSize(m.layout.widths[paneReader], m.layout.height)
	if m.reader.needsRender() && m.layout.widths[paneReader] > 0 {
		return m.reader.render()
	}
	return nil
}

// setFocus moves the focus and re-lays out (narrow screens show other
// panes for another focus).
func (m *Model) setFocus(p pane) tea.Cmd {
	m.focus = p
	m.tree.focused, m.items.focused, m.reader.focused = p == paneTree, p == paneItems, p == paneReader
	if !m.ready {
		return nil
	}
	return m.resize(m.width, m.height)
}

// View draws the panes (or the open dialog), the status line and the
// short help.
func (m *Model) View() string {
	if !m.ready {
		return ""
	}
	body := m.layout.join(m.styles, [3]string{m.tree.View(), m.items.View(), m.reader.View()})
	if m.dialog != nil {
		body = fit(m.dialog.view(m.styles, m.width, m.layout.height), m.width, m.layout.height)
	}
	return body + "\n" + m.status.View() + "\n" + fit(m.help.ShortHelpView(m.shortHelp()), m.width, 1)
}

// shortHelp is the focused pane's keys, then the global ones.
func (m *Model) shortHelp() []key.Binding {
	return append(m.focused().ShortHelp(), m.keys.Search, m.keys.Subscribe, m.keys.Help)
}

func (m *Model) focused() Component {
	switch m.focus {
	case paneItems:
		return m.items
	case paneReader:
		return m.reader
	}
	return m.tree
}

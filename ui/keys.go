package ui

import (
	"reflect"
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/key"

	"github.com/tidings-rss/tidings/config"
)

// KeyMap is every key binding of the reader in one context (a pane, or
// the screens over the panes). The same bindings drive the key handling
// and the help (short line and `?` full screen). Each field is an action
// of config.Actions, named by its tag; a new binding is a field here and
// a row there (TestKeyMapIsTheActionCatalogue holds them together).
type KeyMap struct {
	Up           key.Binding `action:"up"`
	Down         key.Binding `action:"down"`
	Top          key.Binding `action:"top"`
	Bottom       key.Binding `action:"bottom"`
	PageUp       key.Binding `action:"page-up"`
	PageDown     key.Binding `action:"page-down"`
	Open         key.Binding `action:"open"`
	Back         key.Binding `action:"back"`
	Quit         key.Binding `action:"quit"`
	ForceQuit    key.Binding `action:"force-quit"`
	NextPane     key.Binding `action:"next-pane"`
	NextUnread   key.Binding `action:"next-unread"`
	PrevUnread   key.Binding `action:"prev-unread"`
	ToggleRead   key.Binding `action:"toggle-read"`
	NextItem     key.Binding `action:"next-item"`
	PrevItem     key.Binding `action:"prev-item"`
	MarkAllRead  key.Binding `action:"mark-feed-read"`
	Undo         key.Binding `action:"undo"`
	Flag         key.Binding `action:"flag"`
	Watch        key.Binding `action:"watch"`
	OpenLink     key.Binding `action:"open-link"`
	CopyLink     key.Binding `action:"copy-link"`
	Enclosure    key.Binding `action:"download-enclosure"`
	Play         key.Binding `action:"play-enclosure"`
	Article      key.Binding `action:"whole-article"`
	Refresh      key.Binding `action:"refresh"`
	RefreshAll   key.Binding `action:"refresh-all"`
	Subscribe    key.Binding `action:"subscribe"`
	Unsubscribe  key.Binding `action:"unsubscribe"`
	Edit         key.Binding `action:"edit"`
	Move         key.Binding `action:"move"`
	Health       key.Binding `action:"health"`
	Dismiss      key.Binding `action:"dismiss"`
	ListOrder    key.Binding `action:"list-order"`
	HideRead     key.Binding `action:"hide-read"`
	Narrow       key.Binding `action:"narrow"`
	Widen        key.Binding `action:"widen"`
	Zoom         key.Binding `action:"zoom"`
	Search       key.Binding `action:"search"`
	Stats        key.Binding `action:"stats"`
	Help         key.Binding `action:"help"`
	Rules        key.Binding `action:"rules"`
	Pipe         key.Binding `action:"pipe"`
	Bookmark     key.Binding `action:"bookmark"`
	Save         key.Binding `action:"save"`
	Queue        key.Binding `action:"podcast-queue"`
	QueueDelete  key.Binding `action:"queue-delete"`
	QueueCancel  key.Binding `action:"queue-cancel"`
	QueueRetry   key.Binding `action:"queue-retry"`
	Fold         key.Binding `action:"fold"`
	GoToFeed     key.Binding `action:"go-to-feed"`
	RandomUnread key.Binding `action:"random-unread"`
}

// DefaultKeyMap returns the newsboat-like bindings, every action bound to
// its default keys whatever its context (the manual's table).
func DefaultKeyMap() KeyMap {
	var km KeyMap
	for _, a := range config.Actions() {
		km.set(a, a.Keys)
	}
	return km
}

// NewKeyMap returns the bindings in force in ctx: those of actions used
// there, the others unbound.
func NewKeyMap(b config.Bindings, ctx config.KeyContext) KeyMap {
	in := b.In(ctx)
	var km KeyMap
	for _, a := range config.Actions() {
		keys, ok := in[a.Name]
		if !ok {
			keys = nil
		}
		km.set(a, keys)
	}
	return km
}

// Actions lists the reader's actions with their default keys, for other
// packages (the manual, the newsboat import): config.Actions.
func Actions() []config.Action { return config.Actions() }

// set binds a's field to keys; the help shows a's label while they are
// its defaults, else the keys themselves.
func (k *KeyMap) set(a config.Action, keys []string) {
	f, ok := k.field(a.Name)
	if !ok {
		return
	}
	if len(keys) == 0 {
		*f = key.NewBinding(key.WithHelp("", a.Help), key.WithDisabled())
		return
	}
	label := a.Label
	if !slices.Equal(keys, a.Keys) {
		label = keyLabels(keys)
	}
	*f = key.NewBinding(key.WithKeys(slices.Clone(keys)...), key.WithHelp(label, a.Help))
}

// helpKey is a binding's key as the help shows it, or "(unbound)".
func helpKey(b key.Binding) string {
	if !b.Enabled() {
		return "(unbound)"
	}
	return b.Help().Key
}

// keyLabels writes keys for the help: "x/space".
func keyLabels(keys []string) string {
	out := make([]string, len(keys))
	for i, k := range keys {
		out[i] = k
		if k == " " {
			out[i] = "space"
		}
	}
	return strings.Join(out, "/")
}

// field is the binding of an action, by its tag.
func (k *KeyMap) field(action string) (*key.Binding, bool) {
	v := reflect.ValueOf(k).Elem()
	for i := range v.NumField() {
		if v.Type().Field(i).Tag.Get("action") == action {
			return v.Field(i).Addr().Interface().(*key.Binding), true
		}
	}
	return nil, false
}

// binding is an action's binding in k.
func (k KeyMap) binding(action string) (key.Binding, bool) {
	f, ok := k.field(action)
	if !ok {
		return key.Binding{}, false
	}
	return *f, true
}

// ShortHelp is the one-line help under the panes.
func (k KeyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Open, k.Back, k.NextPane, k.NextUnread, k.ToggleRead, k.Refresh, k.Subscribe, k.Search, k.Help}
}

// helpSection is one titled group of keys on the `?` screen.
type helpSection struct {
	title string
	keys  []key.Binding
}

// Sections are the `?` screen's groups, in order.
func (k KeyMap) Sections() []helpSection {
	return []helpSection{
		{"Move", []key.Binding{k.Up, k.Down, k.Top, k.Bottom, k.PageUp, k.PageDown, k.Open, k.Back, k.NextPane}},
		{"Read", []key.Binding{k.NextUnread, k.PrevUnread, k.NextItem, k.PrevItem, k.RandomUnread, k.ToggleRead, k.MarkAllRead, k.Undo, k.Flag, k.OpenLink, k.CopyLink, k.Article}},
		{"Send", []key.Binding{k.Pipe, k.Bookmark, k.Save}},
		{"Podcasts", []key.Binding{k.Enclosure, k.Play, k.Queue, k.QueueDelete, k.QueueCancel, k.QueueRetry}},
		{"Feeds and folders", []key.Binding{k.Refresh, k.RefreshAll, k.Subscribe, k.Unsubscribe, k.Edit, k.Move, k.Watch, k.Health, k.ListOrder, k.Fold, k.GoToFeed}},
		{"Screen", []key.Binding{k.HideRead, k.Narrow, k.Widen, k.Zoom, k.Dismiss, k.Search, k.Rules, k.Stats, k.Help, k.ForceQuit}},
	}
}

// FullHelp is the `?` screen's keys, one column per section.
func (k KeyMap) FullHelp() [][]key.Binding {
	var out [][]key.Binding
	for _, s := range k.Sections() {
		out = append(out, s.keys)
	}
	return out
}

// keyMaps are the keymaps of the contexts.
type keyMaps struct {
	tree, list, reader, dialogs KeyMap
}

// newKeyMaps builds every context's keymap from the configuration.
func newKeyMaps(b config.Bindings) keyMaps {
	return keyMaps{tree: NewKeyMap(b, config.ContextTree), list: NewKeyMap(b, config.ContextList),
		reader: NewKeyMap(b, config.ContextReader), dialogs: NewKeyMap(b, config.ContextDialogs)}
}

// of is the keymap of a pane.
func (k keyMaps) of(p pane) KeyMap {
	switch p {
	case paneItems:
		return k.list
	case paneReader:
		return k.reader
	}
	return k.tree
}

// helpKeyMap is what the help shows opened from ctx: each action's keys
// there, or, for an action not used there, in the first context that
// uses it.
func helpKeyMap(b config.Bindings, ctx config.KeyContext) KeyMap {
	order := append([]config.KeyContext{ctx}, config.KeyContexts()...)
	var km KeyMap
	for _, a := range config.Actions() {
		for _, c := range order {
			if a.UsedIn(c) {
				km.set(a, b.In(c)[a.Name])
				break
			}
		}
	}
	return km
}

// paneContext is the key context of a pane.
func paneContext(p pane) config.KeyContext {
	switch p {
	case paneItems:
		return config.ContextList
	case paneReader:
		return config.ContextReader
	}
	return config.ContextTree
}

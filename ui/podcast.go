package ui

import (
	"errors"
	"fmt"
	"os/exec"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/tidings-rss/tidings/config"
	"github.com/tidings-rss/tidings/engine"
	"github.com/tidings-rss/tidings/store"
)

// downloadEnclosure is e: the item's enclosures join the engine's
// download queue (a failed one is tried again); one already downloaded is
// not fetched again, and P plays it.
func (m *Model) downloadEnclosure() tea.Cmd {
	it := m.currentItem()
	if it == nil || len(it.Enclosures) == 0 {
		m.status.set("", errors.New("this item has no enclosure"))
		return nil
	}
	todo := false
	for _, e := range it.Enclosures {
		switch e.Status {
		case store.EnclosureDownloaded:
		case store.EnclosureQueued, store.EnclosureDownloading:
			m.status.set(fileName(e.URL)+" is downloading already", nil)
			return nil
		default:
			todo = true
		}
	}
	if !todo {
		m.status.set("already downloaded: "+oneLine(it.Enclosures[0].Path)+" — P plays it", nil)
		return nil
	}
	return m.be.queueEnclosures(it.ID)
}

// play is P: the item's downloaded enclosure opens in the configured
// player (enclosures.player), which gets the terminal until it exits;
// a player config.CheckProgram refuses is not run.
func (m *Model) play() tea.Cmd {
	it := m.currentItem()
	if it == nil || len(it.Enclosures) == 0 {
		m.status.set("", errors.New("this item has no enclosure"))
		return nil
	}
	return m.be.downloadedEnclosure(it.ID)
}

// played runs the player on the enclosure found.
func (m *Model) played(msg playMsg) tea.Cmd {
	if msg.err != nil {
		if errors.Is(msg.err, engine.ErrNotDownloaded) {
			m.status.set("", errors.New("not downloaded yet — e downloads it, then P plays it"))
			return nil
		}
		m.status.set("", msg.err)
		return nil
	}
	args := strings.Fields(m.opts.Config.Enclosures.Player)
	if len(args) == 0 {
		args = []string{"xdg-open"}
	}
	if err := config.CheckProgram(args[0]); err != nil {
		m.status.set("", fmt.Errorf("player: %w", err))
		return nil
	}
	cmd := exec.CommandContext(m.opts.Context, args[0], append(args[1:], msg.enc.Path)...)
	path := oneLine(msg.enc.Path)
	m.status.set("playing "+path, nil)
	return m.opts.Exec(cmd, func(err error) tea.Msg {
		if err != nil {
			return actionMsg{status: "play", err: fmt.Errorf("%s %s: %w", args[0], path, err)}
		}
		return actionMsg{status: "played " + path}
	})
}

package ui

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/tidings-rss/tidings/config"
	"github.com/tidings-rss/tidings/engine"
	"github.com/tidings-rss/tidings/store"
)

// player runs the configured player (enclosures.player) on a file,
// handing it the terminal until it exits.
type player struct {
	command string
	ctx     context.Context
	exec    func(*exec.Cmd, tea.ExecCallback) tea.Cmd
}

// downloadEnclosure is e: the item's enclosures join the engine's
// download queue (a failed one is tried again); one already downloaded is
// not fetched again, and P plays it.
func (p *itemsPane) downloadEnclosure() tea.Cmd {
	it := p.item()
	if it == nil || len(it.Enclosures) == 0 {
		p.out.say("", errNoEnclosure)
		return nil
	}
	todo := false
	for _, e := range it.Enclosures {
		switch e.Status {
		case store.EnclosureDownloaded:
		case store.EnclosureQueued, store.EnclosureDownloading:
			p.out.say(fileName(e.URL)+" is downloading already", nil)
			return nil
		default:
			todo = true
		}
	}
	if !todo {
		p.out.say("already downloaded: "+oneLine(it.Enclosures[0].Path)+" — P plays it", nil)
		return nil
	}
	return p.be.queueEnclosures(it.ID)
}

// play is P: the item's downloaded enclosure opens in the configured
// player (enclosures.player), which gets the terminal until it exits;
// a player config.CheckProgram refuses is not run.
func (p *itemsPane) play() tea.Cmd {
	it := p.item()
	if it == nil || len(it.Enclosures) == 0 {
		p.out.say("", errNoEnclosure)
		return nil
	}
	return p.be.downloadedEnclosure(it.ID)
}

// played runs the player on the enclosure found.
func (p *itemsPane) played(msg playMsg) tea.Cmd {
	if msg.err != nil {
		if errors.Is(msg.err, engine.ErrNotDownloaded) {
			p.out.say("", errors.New("not downloaded yet — e downloads it, then P plays it"))
			return nil
		}
		p.out.say("", msg.err)
		return nil
	}
	return p.player.play(msg.enc.Path, p.out)
}

// play runs the player on the file at path; a player config.CheckProgram
// refuses is not run, and out says why.
func (pl player) play(file string, out *outbox) tea.Cmd {
	args := strings.Fields(pl.command)
	if len(args) == 0 {
		args = []string{"xdg-open"}
	}
	path := oneLine(file)
	out.say("playing "+path, nil)
	return func() tea.Msg { // the check reads the file system: not in Update
		if err := config.CheckProgram(args[0]); err != nil {
			return actionMsg{err: fmt.Errorf("player: %w", err)}
		}
		cmd := exec.CommandContext(pl.ctx, args[0], append(args[1:], file)...)
		return pl.exec(cmd, func(err error) tea.Msg {
			if err != nil {
				return actionMsg{status: "play", err: fmt.Errorf("%s %s: %w", args[0], path, err)}
			}
			return actionMsg{status: "played " + path}
		})()
	}
}

// enclosureUpdate is how an engine event changes an enclosure's state:
// the enclosure's id and the change, false for other events.
func enclosureUpdate(ev engine.Event) (int64, func(*store.Enclosure), bool) {
	switch ev := ev.(type) {
	case engine.EnclosureQueued:
		return ev.EnclosureID, func(e *store.Enclosure) { e.Status = store.EnclosureQueued }, true
	case engine.EnclosureProgress:
		return ev.EnclosureID, func(e *store.Enclosure) {
			e.Status, e.BytesDone, e.BytesTotal = store.EnclosureDownloading, ev.Bytes, ev.Total
		}, true
	case engine.EnclosureCompleted:
		return ev.EnclosureID, func(e *store.Enclosure) {
			e.Status, e.Path, e.BytesDone, e.Error = store.EnclosureDownloaded, ev.Path, ev.Bytes, ""
		}, true
	case engine.EnclosureFailed:
		status := store.EnclosureFailed
		if ev.Blocked {
			status = store.EnclosureBlocked
		}
		return ev.EnclosureID, func(e *store.Enclosure) { e.Status, e.Error = status, engine.Reason(ev.Err) }, true
	case engine.EnclosureRemoved:
		return ev.EnclosureID, func(e *store.Enclosure) {
			e.Status, e.Path, e.BytesDone, e.Error = store.EnclosureRemoved, "", 0, ""
		}, true
	}
	return 0, nil, false
}

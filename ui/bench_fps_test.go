package ui

import (
	"math/rand/v2"
	"slices"
	"sync"
	"syscall"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/tidings-rss/tidings/engine"
)

// BenchmarkFrameRate runs the reader in the Bubble Tea runtime at 60 and
// 120 frames a second over benchFixture's 2,000 feeds while a refresh's
// events come at its pace (450 a second, as BenchmarkRefreshEvents'
// burst) or none (idle), and presses j and k in the list at random
// moments: each
// iteration is one key, timed from its message to the first frame
// written after the View that shows it. It reports the latency's p50 and
// p99 and the CPU time the process used per second of the run.
func BenchmarkFrameRate(b *testing.B) {
	for _, r := range []struct {
		name         string
		fps, batches int
		idle         bool
	}{{"60fps", 60, 60, false}, {"120fps", 120, 120, false}, {"120fps-batches60", 120, 60, false},
		{"idle-60fps", 60, 60, true}, {"idle-120fps", 120, 60, true}} {
		b.Run(r.name, func(b *testing.B) { benchFrameRate(b, r.fps, r.batches, r.idle) })
	}
}

// benchFrameRate draws fps frames a second and takes at most batches
// batches of events a second; idle sends no event.
func benchFrameRate(b *testing.B, fps, batches int, idle bool) {
	m := benchModel(b)
	m.setFocus(paneItems)
	events := make(chan engine.Event, 4096)
	batch := &batcher{frame: time.Second / time.Duration(batches)}
	m.wait.listen = func(<-chan engine.Event) tea.Cmd { return batch.listen(events) }
	tm := &timedModel{Model: m}
	p := tea.NewProgram(tm, tea.WithInput(nil), tea.WithOutput(tm), tea.WithFPS(fps), tea.WithoutSignalHandler())
	done := make(chan error, 1)
	go func() { _, err := p.Run(); done <- err }()
	p.Send(tea.WindowSizeMsg{Width: 160, Height: 45})

	stop := make(chan struct{})
	var feeding sync.WaitGroup
	if !idle {
		feeding.Go(func() { feedEvents(refreshBurst(m.tree.data), events, stop) })
	}
	cpu0, wall0 := cpuTime(), time.Now()
	var lat []time.Duration
	for i := 0; b.Loop(); i++ {
		time.Sleep(time.Duration(20+rand.IntN(30)) * time.Millisecond) // a person's pace, at any phase of the frame
		k := keyMsg("j")
		if i%40 >= 20 {
			k = keyMsg("k")
		}
		shown := tm.press()
		p.Send(k)
		lat = append(lat, <-shown)
	}
	cpu, wall := cpuTime()-cpu0, time.Since(wall0)
	close(stop)
	feeding.Wait()
	p.Quit()
	if err := <-done; err != nil {
		b.Fatal(err)
	}
	slices.Sort(lat)
	b.ReportMetric(float64(lat[len(lat)/2])/1e6, "p50-ms")
	b.ReportMetric(float64(lat[len(lat)*99/100])/1e6, "p99-ms")
	b.ReportMetric(float64(cpu)/float64(wall)*1000, "cpu-ms/s")
}

// feedEvents sends the bursts' events evenly over each second until stop.
func feedEvents(burst [2][]engine.Event, events chan<- engine.Event, stop <-chan struct{}) {
	tick := time.NewTicker(time.Second / time.Duration(len(burst[0])))
	defer tick.Stop()
	for i := 0; ; i++ {
		select {
		case <-stop:
			return
		case <-tick.C:
			evs := burst[(i/len(burst[0]))%2]
			select {
			case events <- evs[i%len(evs)]:
			default: // the engine drops what no one reads
			}
		}
	}
}

// cpuTime is the CPU time the process has used, user and system.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// timedModel is the reader with a stopwatch: a key's time runs from its
// message to the first frame written after the View that follows it.
type timedModel struct {
	*Model
	mu      sync.Mutex
	keyAt   time.Time
	waiting bool
	viewed  bool
	shown   chan time.Duration
}

// press arms the stopwatch for the next key.
func (t *timedModel) press() <-chan time.Duration {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.shown = make(chan time.Duration, 1)
	t.waiting, t.viewed = false, false
	return t.shown
}

func (t *timedModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if _, ok := msg.(tea.KeyMsg); ok {
		t.mu.Lock()
		t.keyAt, t.waiting = time.Now(), true
		t.mu.Unlock()
	}
	_, cmd := t.Model.Update(msg)
	return t, cmd
}

func (t *timedModel) View() string {
	v := t.Model.View()
	t.mu.Lock()
	t.viewed = t.viewed || t.waiting
	t.mu.Unlock()
	return v
}

// Write is the terminal: a frame written after the key's View stops the
// stopwatch.
func (t *timedModel) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.viewed {
		t.shown <- time.Since(t.keyAt)
		t.waiting, t.viewed = false, false
	}
	return len(p), nil
}

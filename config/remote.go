package config

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"strings"

	"github.com/tidings-rss/tidings/sanitize/weburl"
)

// The [remote] table's protocols.
const (
	RemoteGReader  = "greader"
	RemoteMiniflux = "miniflux"
	RemoteTTRSS    = "ttrss"
	RemoteFever    = "fever"
)

// defaultRemoteInterval is the minutes between automatic syncs of the
// account.
const defaultRemoteInterval = 15

// defaultRemoteMaxItems is the most item ids one listing of the server
// may hold, and the most items one pull may bring.
const defaultRemoteMaxItems = 200000

// RemoteMaxItemsBound: a listing of the server holds at most this many
// item ids; past it the sync fails with one line rather than grow without
// end.
var RemoteMaxItemsBound = Bound{Name: "remote max items", Min: 1000, Max: 10000000, Unit: "items"}

// Masked is what a secret shows as.
const Masked = "********"

// RemoteBound: no automatic account sync more often than every 5 minutes
// (the scheduler's tick).
var RemoteBound = Bound{Name: "remote interval", Min: 5, Max: int(maxIntervalMinutes), Unit: "minutes"}

// RemoteConfig is the account on a feed-sync server (TOML table
// "remote"); the zero value, an absent table, means no account.
//
// The password and token never leave it by accident: String, GoString
// and LogValue show them masked, and [RemoteConfig.Masked] returns a copy
// fit to print (what `tidings config` shows).
type RemoteConfig struct {
	// Type is RemoteGReader, RemoteMiniflux, RemoteTTRSS or RemoteFever
	// (type); "" means no account.
	Type string
	// URL is the greader API root, the Miniflux or TT-RSS base URL, or
	// the Fever endpoint (url).
	URL string
	// User names the account (user).
	User string
	// Password is the account's password (password).
	Password string
	// PasswordCommand prints the password on its first line of output
	// (password_command), run through sh -c when the password is needed.
	PasswordCommand string
	// Token is a Miniflux API key (token), instead of user and password.
	Token string
	// IntervalMinutes is the time between automatic syncs of the account
	// (interval), at least 5; default 15.
	IntervalMinutes int
	// MaxItems bounds the item ids one listing of the server may hold and
	// the items one pull may bring (max_listed_items); default 200,000.
	MaxItems int
}

// Enabled reports whether an account is configured.
func (r RemoteConfig) Enabled() bool { return r.Type != "" }

// Masked returns a copy whose password and token read [Masked] when set.
func (r RemoteConfig) Masked() RemoteConfig {
	if r.Password != "" {
		r.Password = Masked
	}
	if r.Token != "" {
		r.Token = Masked
	}
	return r
}

// String shows the account with its secrets masked.
func (r RemoteConfig) String() string {
	m := r.Masked()
	return fmt.Sprintf("{type=%q url=%q user=%q password=%q password_command=%q token=%q interval=%d max_listed_items=%d}",
		m.Type, m.URL, m.User, m.Password, m.PasswordCommand, m.Token, m.IntervalMinutes, m.MaxItems)
}

// GoString is String, so %#v masks too.
func (r RemoteConfig) GoString() string { return r.String() }

// LogValue keeps the secrets out of logs.
func (r RemoteConfig) LogValue() slog.Value {
	return slog.GroupValue(slog.String("type", r.Type), slog.String("url", r.URL), slog.String("user", r.User))
}

// Secret returns the password: the password key, else the first line the
// password command prints. The command's output never appears in an
// error. The command runs only when [CheckRunnable] allows it.
func (r RemoteConfig) Secret(ctx context.Context) (string, error) {
	if r.PasswordCommand == "" {
		return r.Password, nil
	}
	cmd, err := ShellCommand(ctx, r.PasswordCommand)
	if err != nil {
		return "", fmt.Errorf("password_command: %w", err)
	}
	var out bytes.Buffer
	cmd.Stdout = &out
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("password_command: %w", err)
	}
	line, _, _ := bufio.NewReader(&out).ReadLine()
	if len(bytes.TrimSpace(line)) == 0 {
		return "", errors.New("password_command printed no password")
	}
	return strings.TrimRight(string(line), "\r"), nil
}

// validateRemote checks the [remote] table; an absent table is no account.
func validateRemote(v *validator, r RemoteConfig) {
	if r == (RemoteConfig{IntervalMinutes: r.IntervalMinutes, MaxItems: r.MaxItems}) {
		return // no account: only interval and max_listed_items can be there, and are checked below
	}
	switch r.Type {
	case RemoteGReader, RemoteMiniflux, RemoteTTRSS, RemoteFever:
	default:
		v.add(keyRemoteType, fmt.Sprintf("%q", r.Type), fmt.Sprintf("must be %q, %q, %q or %q",
			RemoteGReader, RemoteMiniflux, RemoteTTRSS, RemoteFever))
	}
	if _, err := weburl.Parse(r.URL); err != nil {
		v.add(keyRemoteURL, strconv.QuoteToASCII(r.URL), "must be an http(s) URL without controls or spaces")
	}
	v.check(keyRemotePasswordCommand, r.Password == "" || r.PasswordCommand == "", "",
		"give password or password_command, not both")
	hasPassword := r.Password != "" || r.PasswordCommand != ""
	if r.Type == RemoteMiniflux && r.Token != "" {
		v.check(keyRemoteToken, !hasPassword && r.User == "", "", "give token, or user with password, not both")
		return
	}
	v.check(keyRemoteToken, r.Token == "", "", `token is for type = "miniflux" only`)
	v.check(keyRemoteUser, r.User != "", "", "is needed to log in")
	v.check(keyRemotePassword, hasPassword, "", "is needed to log in (or password_command)")
}

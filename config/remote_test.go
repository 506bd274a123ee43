package config

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"testing"
)

// remoteDocs are valid [remote] tables with what they load as.
var remoteDocs = map[string]struct {
	doc  string
	want RemoteConfig
}{
	"password_command": {
		doc: "[remote]\ntype = \"greader\"\nurl = \"http://127.0.0.1:8080/api/greader.php\"\nuser = \"me\"\npassword_command = \"echo pw\"\n",
		want: RemoteConfig{Type: RemoteGReader, URL: "http://127.0.0.1:8080/api/greader.php", User: "me",
			PasswordCommand: "echo pw", IntervalMinutes: 15, MaxItems: 200000},
	},
	"token": {
		doc:  "[remote]\ntype = \"miniflux\"\nurl = \"https://mf.example.org\"\ntoken = \"api-key\"\ninterval = 5\nmax_listed_items = 500000\n",
		want: RemoteConfig{Type: RemoteMiniflux, URL: "https://mf.example.org", Token: "api-key", IntervalMinutes: 5, MaxItems: 500000},
	},
	"none": {doc: "", want: RemoteConfig{IntervalMinutes: 15, MaxItems: 200000}},
}

func TestLoadRemote(t *testing.T) {
	for name, tc := range remoteDocs {
		t.Run(name, func(t *testing.T) {
			isolate(t)
			c, err := Load(writeConfig(t, tc.doc))
			if err != nil {
				t.Fatal(err)
			}
			if c.Remote != tc.want {
				t.Errorf("Remote = %v, want %v", c.Remote, tc.want)
			}
			if c.Remote.Enabled() != (tc.want.Type != "") {
				t.Errorf("Enabled = %v", c.Remote.Enabled())
			}
		})
	}
}

func TestLoadRemoteErrorsNameFileLineAndKey(t *testing.T) {
	const head = "max_items = 10\n[remote]\n"
	cases := []struct {
		name, body, want string
	}{
		{"unknown type", `type = "inoreader"` + "\nurl = \"https://x.org\"\nuser = \"u\"\npassword = \"p\"\n",
			`:3: remote.type = "inoreader": must be "greader", "miniflux", "ttrss" or "fever"`},
		{"bad url", "type = \"greader\"\nurl = \"ftp://x.org\"\nuser = \"u\"\npassword = \"p\"\n",
			`:4: remote.url = "ftp://x.org": must be an http(s) URL`},
		{"bidi in url", "type = \"greader\"\nurl = \"https://x.org/\\u202eapi\"\nuser = \"u\"\npassword = \"p\"\n",
			`:4: remote.url = "https://x.org/\u202eapi": must be an http(s) URL`},
		{"space in url", "type = \"greader\"\nurl = \"https://x.org/a b\"\nuser = \"u\"\npassword = \"p\"\n",
			`:4: remote.url = "https://x.org/a b": must be an http(s) URL`},
		{"no user", "type = \"greader\"\nurl = \"https://x.org\"\npassword = \"p\"\n",
			":2: remote.user: is needed to log in"},
		{"no password", "type = \"miniflux\"\nurl = \"https://x.org\"\nuser = \"u\"\n",
			":2: remote.password: is needed to log in (or password_command)"},
		{"both passwords", "type = \"greader\"\nurl = \"https://x.org\"\nuser = \"u\"\npassword = \"p\"\npassword_command = \"pass rss\"\n",
			":7: remote.password_command: give password or password_command, not both"},
		{"token on greader", "type = \"greader\"\nurl = \"https://x.org\"\nuser = \"u\"\npassword = \"p\"\ntoken = \"k\"\n",
			":7: remote.token: token is for type = \"miniflux\" only"},
		{"interval too short", "type = \"miniflux\"\nurl = \"https://x.org\"\ntoken = \"k\"\ninterval = 2\n",
			":6: remote.interval = 2: must be between 5 and"},
		{"max_items too small", "type = \"miniflux\"\nurl = \"https://x.org\"\ntoken = \"k\"\nmax_listed_items = 10\n",
			":6: remote.max_listed_items = 10: must be between 1000 and 10000000"},
		{"unknown key", "type = \"miniflux\"\nurl = \"https://x.org\"\ntoken = \"k\"\nfolder = \"x\"\n",
			":6: remote.folder: unknown key"},
		{"wrong type", "type = \"miniflux\"\nurl = \"https://x.org\"\ntoken = 12\n",
			":5: remote.token: wrong type: got integer, want string"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			isolate(t)
			path := writeConfig(t, head+tc.body)
			_, err := Load(path)
			var ce *Error
			if !errors.As(err, &ce) {
				t.Fatalf("err = %v, want *Error", err)
			}
			if msg := err.Error(); !strings.HasPrefix(msg, "config "+path+tc.want) {
				t.Errorf("message %q, want prefix %q", msg, "config "+path+tc.want)
			}
		})
	}
}

func TestRemotePasswordIsNeverShown(t *testing.T) {
	const secret = "hunter2-very-secret"
	isolate(t)
	doc := "[remote]\ntype = \"miniflux\"\nurl = \"https://x.org\"\nuser = \"u\"\npassword = \"" + secret + "\"\ninterval = 1\n"
	path := writeConfig(t, doc)
	_, err := Load(path)
	if err == nil || strings.Contains(err.Error(), secret) {
		t.Fatalf("error %v shows the password or is missing", err)
	}
	r := RemoteConfig{Type: RemoteMiniflux, URL: "https://x.org", User: "u", Password: secret, Token: secret}
	var logged strings.Builder
	slog.New(slog.NewTextHandler(&logged, nil)).Info("account", "remote", r)
	for name, shown := range map[string]string{
		"%v": fmt.Sprintf("%v", r), "%+v": fmt.Sprintf("%+v", r), "%#v": fmt.Sprintf("%#v", r),
		"in a Config": fmt.Sprintf("%+v", Config{Remote: r}), "slog": logged.String(),
		"Masked": fmt.Sprint(r.Masked().Password, r.Masked().Token),
	} {
		if strings.Contains(shown, secret) {
			t.Errorf("%s shows the password: %s", name, shown)
		}
	}
	if m := r.Masked(); m.Password != Masked || m.Token != Masked || m.User != "u" {
		t.Errorf("Masked() = %v", m)
	}
}

func TestRemoteSecretTakesTheCommandsFirstLine(t *testing.T) {
	cases := []struct {
		name    string
		r       RemoteConfig
		want    string
		wantErr string
	}{
		{"password", RemoteConfig{Password: "pw"}, "pw", ""},
		{"first line", RemoteConfig{PasswordCommand: "printf 'line one\\nline two\\n'"}, "line one", ""},
		{"failing command", RemoteConfig{PasswordCommand: "echo leaked; exit 3"}, "", "password_command: exit status 3"},
		{"no output", RemoteConfig{PasswordCommand: "true"}, "", "password_command printed no password"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := tc.r.Secret(context.Background())
			if tc.wantErr != "" {
				if err == nil || err.Error() != tc.wantErr {
					t.Fatalf("err = %v, want %q", err, tc.wantErr)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Fatalf("Secret() = %q, %v; want %q", got, err, tc.want)
			}
		})
	}
}

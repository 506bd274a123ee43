package config

import (
	"strings"
	"testing"
)

// notify_command's interface (the feed and the count come only in
// TIDINGS_FEED and TIDINGS_NEW_ITEMS) was undocumented: the key's meaning
// names them, with an example the rule of CheckRunnable lets run.
func TestNotifyCommandMeaningNamesItsInterface(t *testing.T) {
	var meaning string
	for _, k := range Keys() {
		if k.Name == "ui.notify_command" {
			meaning = k.Meaning
		}
	}
	for _, want := range []string{"$TIDINGS_FEED", "$TIDINGS_NEW_ITEMS", "sh -c", "watched feed"} {
		if !strings.Contains(meaning, want) {
			t.Errorf("ui.notify_command's meaning lacks %q: %s", want, meaning)
		}
	}
	if err := CheckRunnable(NotifyExample); err != nil {
		t.Errorf("the documented example is refused: %v", err)
	}
	if !strings.Contains(meaning, NotifyExample) {
		t.Errorf("ui.notify_command's meaning lacks the example %s", NotifyExample)
	}
}

package cli

import (
	"os/exec"
	"strings"
	"testing"
)

// TestBinaryCallsNoMethodByName fails when the binary can reach
// text/template's execution, which calls methods by name: the linker then
// keeps every exported method of every linked type, 2.6 MB of code and
// tables that the reader maps into its resident memory. cobra's --version
// template did so until tidings printed its version itself.
func TestBinaryCallsNoMethodByName(t *testing.T) {
	out, err := exec.Command("go", "tool", "nm", binPath).Output()
	if err != nil {
		t.Fatalf("go tool nm %s: %v", binPath, err)
	}
	const evalField = "text/template.(*state).evalField"
	if strings.Contains(string(out), " "+evalField+"\n") {
		t.Errorf("the binary links %s: something reaches text/template's Execute", evalField)
	}
}

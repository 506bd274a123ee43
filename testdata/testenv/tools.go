package testenv

import (
	"os"
	"os/exec"
	"testing"
)

// RequireToolsEnv is the environment variable that turns RequireTool's
// skip into a failure when set to 1.
const RequireToolsEnv = "TIDINGS_REQUIRE_TOOLS"

// RequireTool returns the path of program, found on PATH. When it is not
// there, tb skips in one line naming debianPackage, the package that
// installs it, or fails when RequireToolsEnv is 1.
func RequireTool(tb testing.TB, program, debianPackage string) string {
	tb.Helper()
	path, err := exec.LookPath(program)
	if err == nil {
		return path
	}
	msg := program + " is not installed (Debian: apt-get install " + debianPackage + ")"
	if os.Getenv(RequireToolsEnv) == "1" {
		tb.Fatal(msg + "; " + RequireToolsEnv + "=1 requires it")
	}
	tb.Skip(msg)
	return ""
}

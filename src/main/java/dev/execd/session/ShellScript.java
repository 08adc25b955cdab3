package dev.execd.session;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;

/**
 * The bash a shell session runs and what it is told. The rc file empties the prompts,
 * turns the terminal's echo off and sets {@code PROMPT_COMMAND} to print an end marker
 * with the last command's status and {@code PIPESTATUS}. Each command is started by
 * typing {@link #line()}: it reads the command's text from a file, prints a begin marker
 * and evals the text at top level, followed by a line that records {@code $?} and
 * {@code PIPESTATUS} of the text's last pipeline (eval's own would hide them). Markers
 * are written to copies of the original stdout and stderr, so redirections a command
 * makes with {@code exec} do not lose them.
 */
final class ShellScript {

	static final String BASH = "/bin/bash";

	/**
	 * Reopens the record descriptors from the shell's stdout and stderr when a command
	 * closed one, so the end record still comes. Checked in /proc: a redirection to test
	 * them would itself take the lowest free descriptor, possibly the closed one.
	 */
	private static final String REPAIR = "[[ -e /proc/$$/fd/$__execd_o && -e /proc/$$/fd/$__execd_e ]] "
			+ "|| exec {__execd_o}>&1 {__execd_e}>&2; ";

	private static final SecureRandom RANDOM = new SecureRandom();

	private final String nonce;

	private final boolean tty;

	private final Path commandFile;

	ShellScript(boolean tty, Path commandFile) {
		byte[] bytes = new byte[12];
		RANDOM.nextBytes(bytes);
		this.nonce = HexFormat.of().formatHex(bytes);
		this.tty = tty;
		this.commandFile = commandFile;
	}

	String nonce() {
		return this.nonce;
	}

	Path commandFile() {
		return this.commandFile;
	}

	/** The argv of the shell. */
	static List<String> command(Path rcFile) {
		return List.of(BASH, "--noprofile", "--rcfile", rcFile.toString(), "--noediting", "-i");
	}

	/** Prints a marker with a printf format and its arguments to every output stream. */
	private String print(String body, String args) {
		String printf = "printf '\\033]6973;" + this.nonce + ";" + body + "\\007'" + args;
		return this.tty ? printf + " >&$__execd_o" : printf + " >&$__execd_o; " + printf + " >&$__execd_e";
	}

	String rcFile() {
		String end = "__execd_s=$? __execd_p=\"${PIPESTATUS[*]}\"; "
				+ "if [[ -n $__execd_c ]]; then __execd_s=${__execd_c%% *} __execd_p=${__execd_c#* }; fi; "
				+ "__execd_c=; PS1='' PS2='' PS0=''; " + REPAIR + print("E;%s;%s", " \"$__execd_s\" \"$__execd_p\"");
		return String.join("\n", "PS1='' PS2='' PS0=''", "unset HISTFILE", "set +o history",
				"exec {__execd_o}>&1 {__execd_e}>&2", this.tty ? "stty -echo 2>/dev/null" : ":",
				"__execd_f=" + quote(this.commandFile.toString()), "__execd_c=", "__execd_ret() { return \"$1\"; }",
				"PROMPT_COMMAND=" + quote(end), "");
	}

	/** Writes the command's text to the command file and returns {@link #line()}. */
	byte[] line(String cmd) {
		try {
			Files.writeString(this.commandFile, cmd);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return line();
	}

	/**
	 * What is typed to run the command in the command file. {@code $?} is restored for
	 * the command unless {@code set -e} is on (the restoring call would end the shell).
	 */
	byte[] line() {
		String line = "__execd_c=; IFS= read -r -d '' __execd_cmd <\"$__execd_f\" || :; " + print("B", "") + "; "
				+ "[[ $- == *e* ]] || __execd_ret \"$__execd_s\"; "
				+ "eval -- \"$__execd_cmd\"$'\\n\\n''__execd_c=\"$? ${PIPESTATUS[*]}\"'\n";
		return line.getBytes(StandardCharsets.UTF_8);
	}

	private static String quote(String text) {
		return "'" + text.replace("'", "'\\''") + "'";
	}

}

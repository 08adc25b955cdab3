package dev.execd.session;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The quoting of a command typed in the line (printable ASCII only, and bounded) and the
 * line around it.
 */
class ShellScriptTests {

	@Test
	void quotesEveryByteThatIsNotPlainPrintableAscii() {
		byte[] text = "a'b\\c\n\u0001é1".getBytes(StandardCharsets.UTF_8);
		assertThat(ShellScript.inline(text)).isEqualTo("$'a\\'b\\\\c\\x0a\\x01\\xc3\\xa91'");
	}

	@Test
	void aTextWhoseQuotedFormIsTooLongGoesThroughTheFile() {
		assertThat(ShellScript.inline("x".repeat(ShellScript.INLINE_BYTES - 3).getBytes(StandardCharsets.UTF_8)))
			.hasSize(ShellScript.INLINE_BYTES);
		assertThat(ShellScript.inline("x".repeat(ShellScript.INLINE_BYTES - 2).getBytes(StandardCharsets.UTF_8)))
			.isNull();
		assertThat(ShellScript.inline("\n".repeat(600).getBytes(StandardCharsets.UTF_8))).isNull();
	}

	@Test
	void aTextThatMayReadOnPastItsEndIsEvaluatedAlone() {
		assertThat(ShellScript.mayContinue("cat <<EOF\nbody")).isTrue();
		assertThat(ShellScript.mayContinue("cat <<-'EOF' | wc\nx\nEOF")).isTrue();
		assertThat(ShellScript.mayContinue("echo a |")).isTrue();
		assertThat(ShellScript.mayContinue("true &&  \n\n# then\n")).isTrue();
		assertThat(ShellScript.mayContinue("echo a | # why")).isTrue();
		assertThat(ShellScript.mayContinue("sleep 1 &")).isTrue();
		assertThat(ShellScript.mayContinue("true | false")).isFalse();
		assertThat(ShellScript.mayContinue("grep x <<< \"$y\" | wc -l")).isFalse();
		assertThat(ShellScript.mayContinue("echo 'x")).isFalse();
		assertThat(ShellScript.mayContinue("echo a#|")).isTrue();
	}

}

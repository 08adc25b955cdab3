package dev.execd;

import java.nio.file.Files;
import java.nio.file.Path;

import dev.execd.config.EffectiveUid;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Without tokens execd refuses to start on a non-loopback address, and says what to set.
 */
@ExtendWith(OutputCaptureExtension.class)
class StartupRefusalTests {

	@Test
	void refusesNonLoopbackAddressWithoutTokens(@TempDir Path dir) {
		assertThatThrownBy(() -> run(dir, "--server.address=0.0.0.0")).rootCause()
			.hasMessageContaining("execd.security.tokens")
			.hasMessageContaining("execd.security.allow-anonymous");
	}

	@Test
	void startsOnNonLoopbackAddressWithTokensOrExplicitAnonymousAccess(@TempDir Path dir) {
		try (ConfigurableApplicationContext context = run(dir.resolve("a"), "--server.address=0.0.0.0",
				"--execd.security.tokens=ci:token-1")) {
			assertThat(context.isRunning()).isTrue();
		}
		try (ConfigurableApplicationContext context = run(dir.resolve("b"), "--server.address=0.0.0.0",
				"--execd.security.allow-anonymous=true")) {
			assertThat(context.isRunning()).isTrue();
		}
	}

	@Test
	void warnsAtStartWhenRootServesSeveralTenants(@TempDir Path dir, CapturedOutput output) {
		try (ConfigurableApplicationContext context = run(dir, "--execd.security.tokens=alice:token-1,bob:token-2")) {
			assertThat(context.isRunning()).isTrue();
		}
		String warning = "execd runs as root with 2 tenants";
		if (EffectiveUid.get() == 0) {
			assertThat(output.getOut()).contains(warning);
		}
		else {
			assertThat(output.getOut()).doesNotContain(warning);
		}
	}

	@Test
	void refusesMalformedTokens(@TempDir Path dir) {
		assertThatThrownBy(() -> run(dir, "--execd.security.tokens=no-colon")).rootCause()
			.hasMessageContaining("name:token");
	}

	@Test
	void refusesATokenNamedAsTheAnonymousTenant(@TempDir Path dir) {
		assertThatThrownBy(() -> run(dir, "--execd.security.tokens=anonymous:secret-1")).rootCause()
			.hasMessageContaining("anonymous");
	}

	@Test
	void warnsThatTokensOnTheCommandLineAreVisibleToSessions(@TempDir Path dir, CapturedOutput output) {
		try (ConfigurableApplicationContext context = run(dir, "--execd.security.tokens=ci:token-1")) {
			assertThat(context.isRunning()).isTrue();
		}
		assertThat(output.getOut()).contains("Tokens were given on the command line").contains("EXECD_TOKENS");
	}

	@Test
	void refusesSettingsThatCouldOnlyMisbehaveLaterNamingEach(@TempDir Path dir) {
		assertThatThrownBy(() -> run(dir, "--execd.limits.reap-interval=500us", "--execd.limits.max-poll=-1s",
				"--execd.heap.native-trim=10ms", "--execd.limits.max-sessions=0",
				"--execd.limits.max-runtime-cap=400000d", "--execd.output.memory-window=3GB",
				"--execd.process.kill-grace=-2s"))
			.rootCause()
			.hasMessageContaining("execd.limits.reap-interval must be at least 1ms (was 500us)")
			.hasMessageContaining("execd.limits.max-poll must not be negative (was -1s)")
			.hasMessageContaining("execd.limits.max-runtime-cap must be at most 36500d (was 400000d)")
			.hasMessageContaining("execd.heap.native-trim must be 0s (never) or at least 1s (was 10ms)")
			.hasMessageContaining("execd.limits.max-sessions must be at least 1 (was 0)")
			.hasMessageContaining("execd.output.memory-window must be between 0B and 1GB (was 3221225472B)")
			.hasMessageContaining("execd.process.kill-grace must not be negative (was -2s)");
	}

	@Test
	void refusesTenantRootsInsideEachOther(@TempDir Path dir) throws Exception {
		Path alice = Files.createDirectories(dir.resolve("x"));
		Path bob = Files.createDirectories(alice.resolve("bob"));
		assertThatThrownBy(() -> run(dir.resolve("a"), "--execd.security.tokens=alice:token-1,bob:token-2",
				"--execd.files.tenant-roots.alice=" + alice, "--execd.files.tenant-roots.bob=" + bob))
			.rootCause()
			.hasMessageContaining("execd.files.tenant-roots.bob (" + bob.toRealPath() + ") lies inside "
					+ "execd.files.tenant-roots.alice (" + alice.toRealPath() + ")");
		assertThatThrownBy(() -> run(dir.resolve("b"), "--execd.security.tokens=alice:token-1,bob:token-2",
				"--execd.files.tenant-roots.alice=" + alice, "--execd.files.tenant-roots.bob=" + alice))
			.rootCause()
			.hasMessageContaining("tenant roots must not nest");
	}

	private static ConfigurableApplicationContext run(Path dir, String... args) {
		String[] all = new String[args.length + 2];
		all[0] = "--server.port=0";
		all[1] = "--execd.output.dir=" + dir;
		System.arraycopy(args, 0, all, 2, args.length);
		return new SpringApplicationBuilder(ExecdApplication.class).run(all);
	}

}

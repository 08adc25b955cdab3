package dev.execd.api.security;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Under root every session can read execd's environment, tokens and all, so a start with
 * several tenants says they are not isolated; one tenant, or another user, is quiet.
 */
@ExtendWith(OutputCaptureExtension.class)
class RootTenantsWarningTests {

	private static final String WARNING = "execd runs as root with 2 tenants";

	@Test
	void warnsWhenRootServesSeveralTenants(CapturedOutput output) {
		SecurityConfiguration.warnOfTenantsUnderRoot(List.of("alice", "bob"), 0);
		assertThat(output.getOut()).contains(WARNING).contains("not isolated from each other");
	}

	@Test
	void staysQuietForOneTenantOrAnotherUser(CapturedOutput output) {
		SecurityConfiguration.warnOfTenantsUnderRoot(List.of("alice"), 0);
		SecurityConfiguration.warnOfTenantsUnderRoot(List.of("alice", "bob"), 1000);
		assertThat(output.getOut()).doesNotContain("execd runs as root");
	}

}

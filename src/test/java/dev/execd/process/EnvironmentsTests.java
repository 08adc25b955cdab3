package dev.execd.process;

import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link Environments}: the defaults an agent's commands get, whatever the server's own
 * environment holds.
 */
class EnvironmentsTests {

	@Test
	void setsAgentDefaultsOnAnEmptyServerEnvironment() {
		Map<String, String> env = Environments.forChild(Map.of(), Map.of(), "s1", false, 80, 24);
		assertThat(env).containsEntry("NO_COLOR", "1")
			.containsEntry("PAGER", "cat")
			.containsEntry("GIT_PAGER", "cat")
			.containsEntry("GH_PAGER", "cat")
			.containsEntry("LANG", "C.UTF-8")
			.containsEntry("LC_ALL", "C.UTF-8")
			.containsEntry("PYTHONUNBUFFERED", "1")
			.containsEntry("TERM", "dumb")
			.containsEntry("EXECD_SESSION_ID", "s1");
	}

	@Test
	void callerMayUnsetPythonUnbuffered() {
		Map<String, String> requested = new HashMap<>();
		requested.put("PYTHONUNBUFFERED", null);
		assertThat(Environments.forChild(Map.of("PYTHONUNBUFFERED", "1"), requested, "s1", true, 80, 24))
			.doesNotContainKey("PYTHONUNBUFFERED");
	}

}

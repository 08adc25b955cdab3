package dev.execd.api.security;

import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.Environment;

/**
 * What a start says about where its tokens came from, or did not.
 */
final class TokenWarnings {

	private static final Logger logger = LoggerFactory.getLogger(TokenWarnings.class);

	/** The clients' variable, one letter short of the server's. */
	private static final String CLIENT_TOKEN = "EXECD_TOKEN";

	private TokenWarnings() {
	}

	/**
	 * Every session can read execd's command line ({@code /proc/<pid>/cmdline}), so
	 * tokens given there are no secret from the commands execd runs.
	 */
	static void warnOfTokensOnTheCommandLine(Environment environment) {
		if (environment instanceof ConfigurableEnvironment configurable) {
			for (String source : List.of("commandLineArgs", "systemProperties")) {
				var properties = configurable.getPropertySources().get(source);
				if (properties != null && properties.containsProperty(SecurityConfiguration.TOKENS)) {
					logger.warn("Tokens were given on the command line ({}), which every process on this machine, "
							+ "including every session, can read in /proc: pass them in the environment "
							+ "variable EXECD_TOKENS instead", source);
				}
			}
		}
	}

	/**
	 * {@code EXECD_TOKEN} is the clients' variable and sets nothing here: a server given
	 * it and no tokens runs without authentication, which whoever set it most likely
	 * meant to turn on with {@code EXECD_TOKENS}.
	 */
	static void warnOfTheClientsTokenAlone(Environment environment, Tokens tokens) {
		if (!tokens.isEmpty() || !(environment instanceof ConfigurableEnvironment configurable)) {
			return;
		}
		var variables = configurable.getPropertySources().get("systemEnvironment");
		if (variables != null && variables.getProperty(CLIENT_TOKEN) != null) {
			logger.warn("The environment sets EXECD_TOKEN, the clients' variable, but no tokens are configured, "
					+ "so execd requires none: to require a token, set EXECD_TOKENS=name:token,... "
					+ "(execd.security.tokens)");
		}
	}

}

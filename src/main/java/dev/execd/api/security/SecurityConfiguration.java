package dev.execd.api.security;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;

import dev.execd.config.EffectiveUid;
import dev.execd.config.ExecdProperties;
import jakarta.servlet.DispatcherType;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.security.authentication.ProviderManager;
import org.springframework.security.config.ObjectPostProcessor;
import org.springframework.security.config.observation.SecurityObservationSettings;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configuration.WebSecurityCustomizer;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.web.AuthenticationEntryPoint;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.authentication.AuthenticationEntryPointFailureHandler;
import org.springframework.security.web.authentication.AuthenticationFilter;
import org.springframework.security.web.context.SecurityContextHolderFilter;
import org.springframework.security.web.firewall.RequestRejectedHandler;
import org.springframework.security.web.header.HeaderWriterFilter;
import org.springframework.security.web.header.writers.DelegatingRequestMatcherHeaderWriter;
import org.springframework.security.web.header.writers.StaticHeadersWriter;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;
import org.springframework.security.web.firewall.StrictHttpFirewall;
import org.springframework.web.cors.CorsConfiguration;
import org.springframework.web.cors.UrlBasedCorsConfigurationSource;
import org.springframework.web.filter.CorsFilter;

/**
 * Who may call execd. With tokens every request needs one, but health and the API
 * documentation and the console's static files, which hold no session data. Without
 * tokens the server must be on loopback (or anonymous access allowed on purpose), and the
 * {@link LoopbackGuard} keeps foreign pages and rebound names out. Paths are checked
 * after the firewall refused every path that is not normalized, so what is matched here
 * is what Tomcat routes.
 */
@Configuration(proxyBeanMethods = false)
class SecurityConfiguration {

	private static final Logger logger = LoggerFactory.getLogger(SecurityConfiguration.class);

	static final String[] PUBLIC_PATHS = { "/actuator/health", "/actuator/health/**", "/v3/api-docs",
			"/v3/api-docs.yaml", "/v3/api-docs/**", "/swagger-ui.html", "/swagger-ui/**", "/console", "/console/**" };

	/**
	 * The console's pages load nothing but their own scripts and styles and talk to this
	 * server only; session output is never markup, so no inline script is needed.
	 */
	static final String CONSOLE_CSP = "default-src 'self'; script-src 'self'; style-src 'self'; "
			+ "connect-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; "
			+ "frame-ancestors 'none'; form-action 'self'";

	static final String TOKENS = "execd.security.tokens";

	private final ExecdProperties.Security security;

	private final ProblemWriter problems;

	SecurityConfiguration(ExecdProperties properties, JsonMapper json) {
		this.security = properties.security();
		this.problems = new ProblemWriter(json);
	}

	/**
	 * The chain. Building it also refuses to start a server that would answer anyone on
	 * the network without a token.
	 */
	@Bean
	SecurityFilterChain execdSecurity(HttpSecurity http, Environment environment) throws Exception {
		String address = environment.getProperty("server.address");
		Tokens tokens = Tokens.parse(this.security.tokens());
		refuseOpenNetworkServer(tokens, this.security.allowAnonymous(), address);
		TokenWarnings.warnOfTokensOnTheCommandLine(environment);
		TokenWarnings.warnOfTheClientsTokenAlone(environment, tokens);
		warnOfTenantsUnderRoot(this.security.tenants(), EffectiveUid.get());
		http.csrf((csrf) -> csrf.disable())
			.logout((logout) -> logout.disable())
			.requestCache((cache) -> cache.disable())
			.sessionManagement((sessions) -> sessions.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
			.exceptionHandling((exceptions) -> exceptions.authenticationEntryPoint(unauthorized()))
			// Written before the request runs: written at commit instead, the headers of
			// a
			// stream would be set by its async thread while the request thread sets them
			// too, and Tomcat's header list is not thread-safe. The console's pages get a
			// strict Content-Security-Policy.
			.headers((headers) -> {
				headers.addObjectPostProcessor(new ObjectPostProcessor<HeaderWriterFilter>() {

					@Override
					public <O extends HeaderWriterFilter> O postProcess(O filter) {
						filter.setShouldWriteHeadersEagerly(true);
						return filter;
					}

				});
				headers.addHeaderWriter(new DelegatingRequestMatcherHeaderWriter(
						PathPatternRequestMatcher.withDefaults().matcher("/console/**"),
						new StaticHeadersWriter("Content-Security-Policy", CONSOLE_CSP)));
			})
			.addFilterBefore(corsFilter(), SecurityContextHolderFilter.class);
		if (tokens.isEmpty()) {
			http.addFilterBefore(new LoopbackGuard(!this.security.allowAnonymous(), this.security.corsOrigins(),
					address, this.problems), CorsFilter.class);
			http.authorizeHttpRequests((requests) -> requests.anyRequest().permitAll());
		}
		else {
			BearerTokens bearer = new BearerTokens(tokens);
			AuthenticationFilter authentication = new AuthenticationFilter(new ProviderManager(bearer), bearer);
			authentication.setFailureHandler(new AuthenticationEntryPointFailureHandler(unauthorized()));
			// Without this the filter would redirect; a valid token just goes on.
			authentication.setSuccessHandler((request, response, auth) -> {
			});
			http.addFilterAfter(authentication, SecurityContextHolderFilter.class);
			http.authorizeHttpRequests((requests) -> requests
				// What the first dispatch let in: a stream's async dispatches, error
				// pages.
				.dispatcherTypeMatchers(DispatcherType.ASYNC, DispatcherType.ERROR)
				.permitAll()
				.requestMatchers(PUBLIC_PATHS)
				.permitAll()
				.anyRequest()
				.authenticated());
		}
		return http.build();
	}

	/**
	 * The firewall: Spring Security's strict one refuses encoded dots and slashes,
	 * {@code ;}, {@code //}, {@code ..}, backslashes and control characters, each with a
	 * problem body. Methods are left to the API, which answers 405 with its code.
	 */
	@Bean
	WebSecurityCustomizer execdFirewall() {
		StrictHttpFirewall firewall = new StrictHttpFirewall();
		firewall.setUnsafeAllowAnyHttpMethod(true);
		RequestRejectedHandler rejected = (request, response, ex) -> this.problems.write(response,
				HttpStatus.BAD_REQUEST, "invalid_request",
				"the request was refused: its path or headers are not in normal form ('..', '//', ';', "
						+ "encoded '.', '/' or '%', or control characters)");
		return (web) -> web.httpFirewall(firewall).requestRejectedHandler(rejected);
	}

	/**
	 * No observation around each security filter, authentication and authorization: they
	 * were an eighth of a keystroke's server time, and {@code http.server.requests}
	 * already times every request.
	 */
	@Bean
	SecurityObservationSettings securityObservations() {
		return SecurityObservationSettings.noObservations();
	}

	private AuthenticationEntryPoint unauthorized() {
		return (request, response, ex) -> {
			response.setHeader(HttpHeaders.WWW_AUTHENTICATE, "Bearer");
			this.problems.write(response, HttpStatus.UNAUTHORIZED, "unauthorized", "a valid bearer token is required");
		};
	}

	/**
	 * CORS by Spring's rules from {@code execd.security.cors-origins}: preflights are
	 * answered here, before authentication, since browsers send them without the token.
	 */
	private CorsFilter corsFilter() {
		UrlBasedCorsConfigurationSource source = new UrlBasedCorsConfigurationSource();
		List<String> origins = this.security.corsOrigins();
		if (!origins.isEmpty()) {
			CorsConfiguration cors = new CorsConfiguration();
			cors.setAllowedOrigins(origins);
			cors.setAllowedMethods(List.of("GET", "POST", "PUT", "PATCH", "DELETE"));
			cors.setAllowedHeaders(List.of("Authorization", "Content-Type", "X-Conversation-Id", "Last-Event-ID",
					"Range", "If-Match", "If-None-Match", "Mcp-Session-Id", "MCP-Protocol-Version", "Accept"));
			cors.setExposedHeaders(List.of("Location", "Content-Range", "Content-Disposition", "Retry-After", "ETag",
					"Last-Modified", "Accept-Ranges", "Mcp-Session-Id"));
			cors.setMaxAge(600L);
			source.registerCorsConfiguration("/**", cors);
		}
		CorsFilter filter = new CorsFilter(source);
		filter.setCorsProcessor(new ProblemCorsProcessor(this.problems));
		return filter;
	}

	private static void refuseOpenNetworkServer(Tokens tokens, boolean allowAnonymous, @Nullable String address) {
		if (tokens.isEmpty() && !allowAnonymous && !isLoopback(address)) {
			throw new IllegalStateException(
					"execd refuses to listen on " + ((address != null) ? address : "every address")
							+ " without tokens: set execd.security.tokens (EXECD_TOKENS=name:token,...), "
							+ "or set execd.security.allow-anonymous=true to accept anyone who can reach it, "
							+ "or bind to loopback (server.address=127.0.0.1)");
		}
	}

	/**
	 * Root reads any process's memory and environment, non-dumpable or not, and sessions
	 * run as execd's user: each tenant's commands can read every token from execd.
	 */
	static void warnOfTenantsUnderRoot(List<String> tenants, int uid) {
		if (uid == 0 && tenants.size() > 1) {
			logger.warn("execd runs as root with {} tenants: their sessions run as root too and can read every "
					+ "tenant's token from execd's memory and environment, so tenants are not isolated from each "
					+ "other; run execd as an unprivileged user", tenants.size());
		}
	}

	private static boolean isLoopback(@Nullable String address) {
		if (address == null || address.isBlank()) {
			return false;
		}
		try {
			return InetAddress.getByName(address).isLoopbackAddress();
		}
		catch (UnknownHostException ex) {
			return false;
		}
	}

}

package dev.execd.config;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.bind.AbstractBindHandler;
import org.springframework.boot.context.properties.bind.BindContext;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.ConfigurationProperty;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.context.properties.source.ConfigurationPropertySource;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.boot.context.properties.source.IterableConfigurationPropertySource;
import org.springframework.boot.origin.Origin;
import org.springframework.boot.origin.PropertySourceOrigin;
import org.springframework.boot.origin.SystemEnvironmentOrigin;
import org.springframework.core.env.Environment;

/**
 * The {@code execd.*} properties, from any source, that set nothing: a misspelt name is
 * otherwise ignored without a word, and some settings only ever restrict (a tenant's
 * root, the workdir roots), so a start that ignored one would run open. The environment
 * is where it happens most: Spring drops a property's dashes there
 * ({@code EXECD_FILES_TENANTROOTS_ALICE}), and {@code EXECD_FILES_TENANT_ROOTS_ALICE}
 * names no property at all. A few {@code EXECD_*} variables are execd's though no
 * property's: {@code EXECD_TOKENS}, the clients' and the container's, and the ones
 * Kubernetes defines for a service named execd.
 */
final class UnknownSettings {

	private static final ConfigurationPropertyName ROOT = ConfigurationPropertyName.of("execd");

	/**
	 * {@code EXECD_TOKENS} (read by application.properties); {@code EXECD_SESSION_ID},
	 * which every session's processes have, so an execd started from a session has it
	 * too; the clients' {@code EXECD_URL} and {@code EXECD_TOKEN}; the compose file's and
	 * the scripts' variables (the harness's {@code EXECD_PEER_PYTHON} among them); and
	 * the service links Kubernetes sets for a service named execd
	 * ({@code EXECD_SERVICE_HOST}, {@code EXECD_PORT_8080_TCP_ADDR}, ...).
	 */
	private static final Pattern OWN_VARIABLES = Pattern.compile("EXECD_(TOKENS|SESSION_ID|URL|TOKEN|IMAGE|PORT"
			+ "|WORKSPACE|JVM_FLAGS|PEER_PYTHON|SERVICE_HOST|SERVICE_PORT(_\\w+)?|PORT_\\d+_(TCP|UDP|SCTP)(_(PROTO|PORT|ADDR))?)");

	private UnknownSettings() {
	}

	/** What is wrong with each property that sets nothing, one sentence each. */
	static List<String> find(Environment environment) {
		Set<String> bound = boundNames(environment);
		Set<String> reported = new TreeSet<>();
		List<String> problems = new ArrayList<>();
		for (ConfigurationPropertySource source : ConfigurationPropertySources.get(environment)) {
			if (!(source instanceof IterableConfigurationPropertySource iterable)) {
				continue;
			}
			iterable.filter(ROOT::isAncestorOf).forEach((name) -> {
				ConfigurationProperty property = source.getConfigurationProperty(name);
				Origin origin = (property != null) ? Origin.from(property) : null;
				String variable = variable(origin);
				if (!sets(name, variable, bound) && reported.add((variable != null) ? variable : name.toString())) {
					problems.add(problem(name, variable, origin));
				}
			});
		}
		return problems;
	}

	/** The environment variable a property came from; {@code null} when none did. */
	private static @Nullable String variable(@Nullable Origin origin) {
		Origin inner = (origin instanceof PropertySourceOrigin wrapped) ? wrapped.getOrigin() : origin;
		return (inner instanceof SystemEnvironmentOrigin env) ? env.getProperty() : null;
	}

	/**
	 * Whether a name from a source is one the binding used. An environment variable also
	 * binds in Spring's legacy form, where a dash was an underscore
	 * ({@code EXECD_PROCESS_WORKDIR_ROOTS}): its name then has a dot for the dash.
	 */
	private static boolean sets(ConfigurationPropertyName name, @Nullable String variable, Set<String> bound) {
		if (variable != null) {
			return OWN_VARIABLES.matcher(variable).matches() || bound.contains(legacy(name));
		}
		return bound.contains(name.toString()) || bound.contains(dashless(name));
	}

	/**
	 * The names the binding of {@link ExecdProperties} and of the webhook subscriptions
	 * used, in three forms: as bound, without dashes, and with dots for dashes.
	 */
	private static Set<String> boundNames(Environment environment) {
		Set<String> names = new HashSet<>();
		AbstractBindHandler recorder = new AbstractBindHandler() {
			@Override
			public Object onSuccess(ConfigurationPropertyName name, Bindable<?> target, BindContext context,
					Object result) {
				names.add(name.toString());
				names.add(dashless(name));
				names.add(legacy(name));
				return result;
			}
		};
		Binder binder = Binder.get(environment);
		binder.bind(ROOT, Bindable.of(ExecdProperties.class), recorder);
		WebhookSubscriptions.bind(environment, recorder);
		return names;
	}

	private static String dashless(ConfigurationPropertyName name) {
		return name.toString().replace("-", "");
	}

	private static String legacy(ConfigurationPropertyName name) {
		return name.toString().replace('-', '.');
	}

	private static String problem(ConfigurationPropertyName name, @Nullable String variable, @Nullable Origin origin) {
		String guess = SettingNames.closest(name);
		if (variable != null) {
			return "the environment variable " + variable + " sets no execd property"
					+ ((guess != null) ? ": did you mean " + guess + ", in the environment "
							+ SettingNames.environmentForm(guess) + "? " : ". ")
					+ "In the environment a property is in upper case with its dots as _ and its dashes removed";
		}
		return name + ((origin != null) ? " (" + origin + ")" : "") + " is no execd property"
				+ ((guess != null) ? ": did you mean " + guess + "?" : "");
	}

}

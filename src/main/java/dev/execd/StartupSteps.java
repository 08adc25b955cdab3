package dev.execd;

import java.time.Duration;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.boot.context.metrics.buffering.BufferingApplicationStartup;
import org.springframework.boot.context.metrics.buffering.StartupTimeline.TimelineEvent;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ApplicationListener;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.metrics.StartupStep;

/**
 * Where start-up time goes, on request: with the profile {@value #PROFILE} the context
 * records Spring's start-up steps, serves them at {@code /actuator/startup} and logs the
 * steps that took longest by their own time (a step's duration minus its nested steps'),
 * grouped by name and one by one, once the application is ready. Without the profile
 * nothing is recorded: the buffer holds thousands of steps.
 */
final class StartupSteps implements ApplicationContextInitializer<ConfigurableApplicationContext> {

	static final String PROFILE = "startup-steps";

	/** A start records about 6,000 steps (bean instantiations mostly). */
	private static final int CAPACITY = 20_000;

	private static final int LOGGED = 30;

	private static final Log logger = LogFactory.getLog(StartupSteps.class);

	@Override
	public void initialize(ConfigurableApplicationContext context) {
		if (!context.getEnvironment().matchesProfiles(PROFILE)) {
			return;
		}
		BufferingApplicationStartup startup = new BufferingApplicationStartup(CAPACITY);
		context.setApplicationStartup(startup);
		context.addApplicationListener(
				(ApplicationListener<ApplicationReadyEvent>) (event) -> log(startup.getBufferedTimeline().getEvents()));
	}

	private static void log(List<TimelineEvent> events) {
		Map<Long, Duration> own = new HashMap<>();
		for (TimelineEvent event : events) {
			own.merge(event.getStartupStep().getId(), event.getDuration(), Duration::plus);
			Long parent = event.getStartupStep().getParentId();
			if (parent != null) {
				own.merge(parent, event.getDuration().negated(), Duration::plus);
			}
		}
		Map<String, Duration> byName = new TreeMap<>();
		for (TimelineEvent event : events) {
			byName.merge(event.getStartupStep().getName(), own.get(event.getStartupStep().getId()), Duration::plus);
		}
		StringBuilder text = new StringBuilder("Start-up steps by own time (").append(events.size())
			.append(" steps), by name:");
		byName.entrySet()
			.stream()
			.sorted(Map.Entry.<String, Duration>comparingByValue().reversed())
			.forEach((entry) -> text
				.append(String.format("%n  %6d ms  %s", entry.getValue().toMillis(), entry.getKey())));
		text.append(String.format("%nthe %d longest steps:", LOGGED));
		events.stream()
			.sorted(Comparator.comparing((TimelineEvent event) -> own.get(event.getStartupStep().getId())).reversed())
			.limit(LOGGED)
			.forEach((event) -> text
				.append(String.format("%n  %6d ms  %s %s", own.get(event.getStartupStep().getId()).toMillis(),
						event.getStartupStep().getName(), tags(event.getStartupStep()))));
		logger.info(text);
	}

	private static String tags(StartupStep step) {
		return StreamSupport.stream(step.getTags().spliterator(), false)
			.map((tag) -> tag.getKey() + "=" + tag.getValue())
			.collect(Collectors.joining(", ", "[", "]"));
	}

}
